// Reads every table of a tabulate run with DuckDB and checks the columns and
// types of the output contract (DESIGN.md), the row counts recorded in the
// manifest, and the key-value metadata of the Parquet files.
// Usage: node check.mjs OUT_DIR
import { DuckDBInstance } from '@duckdb/node-api';
import { readFileSync } from 'node:fs';

const dir = process.argv[2];
const contract = {
  'squares/grundy': 'n BIGINT, grundy INTEGER, win BOOLEAN',
  'squares/p_positions': 'n BIGINT',
  'squares/moves': 'n BIGINT, winning_moves INTEGER[]',
  'flip/run_grundy': 'length INTEGER, grundy INTEGER',
  'flip/positions': 'runs INTEGER[], length INTEGER, grundy INTEGER, win BOOLEAN',
  'flip/board_counts': 'length INTEGER, boards BIGINT, first_player_wins BIGINT, second_player_wins BIGINT',
  'flip/boards': 'board VARCHAR, grundy INTEGER, win BOOLEAN, winning_moves INTEGER[]',
  'flip/period': 'offset INTEGER, grundy BIGINT, period INTEGER, preperiod BIGINT, saltus BIGINT, status VARCHAR, proven BOOLEAN',
  'flip/exceptions': 'n BIGINT, grundy INTEGER, periodic BIGINT',
  'caniwin/pairs': 'max_choosable INTEGER, desired_total INTEGER, outcome VARCHAR, first_player_wins BOOLEAN, winning_moves INTEGER[]',
  'nim/positions': 'piles INTEGER[], nim_sum INTEGER, win BOOLEAN, winning_moves INTEGER, winning_piles INTEGER[], winning_sizes INTEGER[]',
};
const manifest = JSON.parse(readFileSync(`${dir}/manifest.json`, 'utf8'));
const rows = Object.fromEntries(manifest.files.map(f => [f.path, f.rows]));
const con = await (await DuckDBInstance.create(':memory:')).connect();
let failed = 0, passed = 0;
const check = (ok, what) => { if (ok) passed++; else { failed++; console.log('FAIL', what); } };
for (const [table, want] of Object.entries(contract)) {
  const file = `${dir}/${table}.parquet`;
  const cols = (await con.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet('${file}')`)).getRows().map(r => `${r[0]} ${r[1]}`).join(', ');
  check(cols === want, `${table}: columns ${cols}, want ${want}`);
  const n = Number((await con.runAndReadAll(`SELECT count(*) FROM read_parquet('${file}')`)).getRows()[0][0]);
  check(n === rows[`${table}.parquet`], `${table}: DuckDB counts ${n} rows, manifest ${rows[`${table}.parquet`]}`);
  const csvN = Number((await con.runAndReadAll(`SELECT count(*) FROM read_csv('${dir}/${table}.csv', header = true)`)).getRows()[0][0]);
  check(csvN === n, `${table}: CSV has ${csvN} rows, Parquet ${n}`);
  const kv = Object.fromEntries((await con.runAndReadAll(`SELECT key::VARCHAR, value::VARCHAR FROM parquet_kv_metadata('${file}')`)).getRows());
  check(kv['tabulate.game'] === table.split('/')[0] && kv['tabulate.table'] === table.split('/')[1] && kv['tabulate.version'] === manifest.version,
    `${table}: key-value metadata ${JSON.stringify(kv)}`);
}
console.log(`interop (DuckDB): ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
