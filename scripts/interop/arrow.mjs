// Reads every Arrow IPC file (.arrow) of a tabulate run with Arrow JS
// (apache-arrow, an independent reader) and checks it against the
// manifest (its rows; the tabulate.game, tabulate.table and
// tabulate.version of its schema's metadata) and, value by value, against
// the CSV of the same table where the run wrote one.
// Usage: node arrow.mjs OUT_DIR
import { tableFromIPC } from 'apache-arrow';
import { readFileSync } from 'node:fs';

const dir = process.argv[2];
const manifest = JSON.parse(readFileSync(`${dir}/manifest.json`, 'utf8'));
const byPath = Object.fromEntries(manifest.files.map(f => [f.path, f]));
let failed = 0, passed = 0;
const check = (ok, what) => { if (ok) passed++; else { failed++; console.log('FAIL', what); } };

// parseCSV reads RFC 4180 records (quoted fields with "" for a quote).
function parseCSV(text) {
  const records = [];
  let rec = [], field = '', i = 0, quoted = false;
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i += 2; continue; }
      if (c === '"') { quoted = false; i++; continue; }
      field += c; i++; continue;
    }
    if (c === '"') { quoted = true; i++; continue; }
    if (c === ',') { rec.push(field); field = ''; i++; continue; }
    if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      rec.push(field); records.push(rec); rec = []; field = ''; i++; continue;
    }
    field += c; i++;
  }
  if (field !== '' || rec.length) { rec.push(field); records.push(rec); }
  return records;
}

// same reports whether the CSV field s holds the Arrow value v.
function same(s, v) {
  if (v === null || v === undefined) return s === '';
  if (typeof v === 'boolean') return s === String(v);
  if (typeof v === 'bigint') return s === v.toString();
  if (typeof v === 'number') return Number.isInteger(v) ? s === String(v) : parseFloat(s) === v;
  if (typeof v === 'string') return s === v;
  if (v && typeof v.toArray === 'function') return s === '[' + Array.from(v.toArray(), x => x.toString()).join(',') + ']';
  return false;
}

const arrows = manifest.files.filter(f => f.format === 'arrow');
check(arrows.length > 0, 'the manifest lists no .arrow file');
for (const f of arrows) {
  const t = tableFromIPC(readFileSync(`${dir}/${f.path}`));
  check(t.numRows === f.rows, `${f.path}: Arrow JS counts ${t.numRows} rows, the manifest ${f.rows}`);
  const md = t.schema.metadata;
  check(md.get('tabulate.game') === f.game && md.get('tabulate.table') === f.table && md.get('tabulate.version') === manifest.version,
    `${f.path}: schema metadata ${JSON.stringify(Object.fromEntries(md))}`);
  const csvPath = f.path.replace(/\.arrow$/, '.csv');
  if (!byPath[csvPath]) continue;
  const records = parseCSV(readFileSync(`${dir}/${csvPath}`, 'utf8'));
  const names = t.schema.fields.map(x => x.name);
  check(JSON.stringify(records[0]) === JSON.stringify(names), `${f.path}: columns ${names}, the CSV's ${records[0]}`);
  check(records.length - 1 === t.numRows, `${f.path}: ${t.numRows} rows, the CSV ${records.length - 1}`);
  const cols = names.map((_, j) => t.getChildAt(j));
  let bad = 0;
  for (let r = 0; r < t.numRows && r + 1 < records.length && bad < 3; r++) {
    for (let j = 0; j < cols.length; j++) {
      const v = cols[j].get(r);
      if (!same(records[r + 1][j], v)) {
        bad++;
        console.log('FAIL', `${f.path}: row ${r} column ${names[j]}: Arrow ${v}, CSV ${records[r + 1][j]}`);
        break;
      }
    }
  }
  check(bad === 0, `${f.path}: values differ from ${csvPath}`);
}
console.log(`interop (Arrow JS): ${passed} passed, ${failed} failed, ${arrows.length} .arrow files`);
process.exit(failed ? 1 : 0);
