#!/usr/bin/env bash
# one-node.sh start|stop STATE_DIR
#
# Starts (or stops) a real one-node Slurm cluster on this machine for the
# integration test of sharded runs: munged, slurmctld and slurmd, each with its
# pid file under STATE_DIR so that `stop` ends exactly the daemons `start`
# started. Needs root. Installs Debian's slurm-wlm and munge when they are
# missing (apt-get; Debian's registry is reachable on the project's machines).
#
# What it writes outside STATE_DIR, because the daemons look nowhere else:
# /etc/munge/munge.key (only if absent) and /etc/slurm/slurm.conf (kept aside as
# slurm.conf.tabulate-saved if one was there, and put back by stop; removed by
# stop if none was there).
set -euo pipefail

cmd="${1:?usage: one-node.sh start|stop STATE_DIR}"
state="${2:?usage: one-node.sh start|stop STATE_DIR}"
mkdir -p "$state"
state="$(cd "$state" && pwd)"

log() { echo "slurm one-node: $*" >&2; }

install_if_missing() {
  if command -v slurmctld >/dev/null && command -v slurmd >/dev/null && command -v munged >/dev/null && command -v sbatch >/dev/null; then
    return 0
  fi
  if [[ $(id -u) -ne 0 ]]; then
    log "slurm-wlm and munge are not installed and this is not root: cannot install them"
    return 1
  fi
  log "installing slurm-wlm and munge from Debian's packages"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >"$state/apt.log" 2>&1 || { tail -20 "$state/apt.log" >&2; return 1; }
  apt-get install -y -qq slurm-wlm munge >>"$state/apt.log" 2>&1 || { tail -20 "$state/apt.log" >&2; return 1; }
}

wait_for() { # wait_for SECONDS DESCRIPTION COMMAND...
  local secs="$1" what="$2"; shift 2
  for ((i = 0; i < secs * 10; i++)); do
    if "$@" >/dev/null 2>&1; then return 0; fi
    sleep 0.1
  done
  log "timed out after ${secs}s waiting for $what"
  return 1
}

start() {
  install_if_missing
  local host cpus
  host="$(hostname -s)"
  cpus="$(nproc)"
  mkdir -p "$state/spool/ctld" "$state/spool/d" "$state/log" /etc/munge /etc/slurm /run/munge /var/lib/munge /var/log/munge
  chown munge:munge /run/munge /var/lib/munge /var/log/munge /etc/munge 2>/dev/null || true
  if [[ ! -s /etc/munge/munge.key ]]; then
    head -c 1024 /dev/urandom >/etc/munge/munge.key
  fi
  chown munge:munge /etc/munge/munge.key
  chmod 400 /etc/munge/munge.key
  if [[ -e /etc/slurm/slurm.conf && ! -e /etc/slurm/slurm.conf.tabulate-saved ]]; then
    mv /etc/slurm/slurm.conf /etc/slurm/slurm.conf.tabulate-saved
  elif [[ ! -e /etc/slurm/slurm.conf ]]; then
    touch "$state/slurm.conf.ours" # none was there: stop removes ours
  fi
  cat >/etc/slurm/slurm.conf <<CONF
# Written by tabulate's scripts/slurm/one-node.sh for a one-node test cluster.
ClusterName=tabulate-test
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
# A requeued job waits cred_expire seconds before it starts again (120 by
# default): 10 keeps TestSlurmTailRequeue short.
AuthInfo=cred_expire=10
CryptoType=crypto/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
SchedulerType=sched/backfill
StateSaveLocation=$state/spool/ctld
SlurmdSpoolDir=$state/spool/d
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
SlurmctldLogFile=$state/log/slurmctld.log
SlurmdLogFile=$state/log/slurmd.log
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
MaxArraySize=1001
NodeName=$host CPUs=$cpus State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP OverSubscribe=YES
CONF
  runuser -u munge -- /usr/sbin/munged --pid-file=/run/munge/munged.pid --force
  cp /run/munge/munged.pid "$state/munged.pid"
  wait_for 10 munged munge -n
  /usr/sbin/slurmctld
  /usr/sbin/slurmd
  wait_for 30 "the node to be idle" bash -c "sinfo -h -N -o '%T' | grep -qE '^(idle|mixed|allocated)'"
  log "up: node $host with $cpus CPUs (state in $state)"
}

# is_daemon PID NAME: whether PID is still the daemon NAME (its command name
# in /proc), not a process that took the number after the daemon ended.
is_daemon() {
  [[ "$1" =~ ^[0-9]+$ ]] && [[ "$(cat "/proc/$1/comm" 2>/dev/null)" == "$2" ]]
}

stop() {
  local name pid
  for name in slurmd slurmctld munged; do
    if [[ -s "$state/$name.pid" ]]; then
      pid="$(head -c 32 "$state/$name.pid" | tr -d '[:space:]')"
      if is_daemon "$pid" "$name"; then
        kill "$pid" 2>/dev/null || true
        for ((i = 0; i < 50; i++)); do is_daemon "$pid" "$name" || break; sleep 0.1; done
        # Checked again just before: the pid may have been reused meanwhile.
        if is_daemon "$pid" "$name"; then kill -9 "$pid" 2>/dev/null || true; fi
      else
        log "$name: pid $pid of $state/$name.pid is not $name (it ended; the number may be another process's now): not signalled"
      fi
      rm -f "$state/$name.pid"
    fi
  done
  if [[ -e /etc/slurm/slurm.conf.tabulate-saved ]]; then
    mv /etc/slurm/slurm.conf.tabulate-saved /etc/slurm/slurm.conf
  elif [[ -e "$state/slurm.conf.ours" ]]; then
    rm -f /etc/slurm/slurm.conf "$state/slurm.conf.ours"
  fi
  log "stopped"
}

case "$cmd" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: one-node.sh start|stop STATE_DIR" >&2; exit 2 ;;
esac
