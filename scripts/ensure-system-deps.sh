#!/usr/bin/env bash
# The system programs the tests need, on a fresh Debian machine: Debian's Chromium (browser tests), a local
# PostgreSQL server (API tests against PostgreSQL, the multi-process deployment test) and nginx (the
# deployment test). Used by `npm test` (as its pretest step) and by `.ci/run`, so that the README's two
# commands are the whole set-up.
#
#   bash scripts/ensure-system-deps.sh [--env] [chromium] [postgresql] [nginx]     (no names: all three)
#
# Only in CI (CI=true, as `.ci/run` sets, or SYSTEM_DEPS_STRICT=1) does it change the machine: as root with
# apt-get it installs what is missing, starts a stopped PostgreSQL and, when a fresh install allows only
# socket sign-in, gives the `postgres` role the password `postgres` for TCP; there every one is required.
# On a developer's machine it changes nothing but Chromium (installed when run as root with apt-get): each
# other missing thing is one line saying how to get it, and the tests that need PostgreSQL or nginx say so
# themselves. Chromium is required everywhere: without it the script fails, with the one-line install command.
# With --env, the script prints shell `export` lines for the caller to eval (CHROMIUM_PATH,
# CHROMIUM_HEADLESS_SHELL_PATH, PGHOST, PGPORT,
# PGUSER and, when a fresh install only allows password sign-in over TCP, PGPASSWORD); messages go to stderr.
# Set SKIP_SYSTEM_DEPS=1 to skip every check.
set -euo pipefail

[ "${SKIP_SYSTEM_DEPS:-0}" = 1 ] && exit 0

print_env=0
wanted=()
for arg in "$@"; do
  case "$arg" in
    --env) print_env=1 ;;
    chromium | postgresql | nginx) wanted+=("$arg") ;;
    *) echo "ensure-system-deps: unknown argument '$arg' (chromium, postgresql, nginx, --env)" >&2; exit 2 ;;
  esac
done
[ "${#wanted[@]}" = 0 ] && wanted=(chromium postgresql nginx)
strict=0
case "${CI:-}" in true | 1) strict=1 ;; esac
[ "${SYSTEM_DEPS_STRICT:-0}" = 1 ] && strict=1

say() { echo "system deps: $*" >&2; }
# Changes to the machine (installing, starting services, setting a password) only in CI, as root.
may_change_machine() { [ "$strict" = 1 ] && [ "$(id -u)" = 0 ]; }
can_install() { may_change_machine && command -v apt-get >/dev/null 2>&1; }
apt_updated=0
apt_install() {
  if [ "$apt_updated" = 0 ]; then apt-get update -qq >&2 || return 1; apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}
# A missing program: fatal when required, a one-line note otherwise.
missing() {
  local required="$1" message="$2"
  if [ "$required" = 1 ]; then say "$message"; exit 1; fi
  say "note: $message"
}
exports=()

ensure_chromium() {
  local path="${CHROMIUM_PATH:-/usr/bin/chromium}"
  local shell_path="${CHROMIUM_HEADLESS_SHELL_PATH:-/usr/bin/chromium-headless-shell}"
  # A browser changes nothing else on the machine: installed whenever it can be (root with apt-get), CI or not.
  # Two builds of Debian's Chromium: the browser (benchmarks, screenshots, the kiosk test) and its headless
  # shell, which the end-to-end tests drive (a third less time than the full browser, docs/performance.md).
  local packages=()
  [ -x "$path" ] || packages+=(chromium)
  [ -x "$shell_path" ] || packages+=(chromium-headless-shell)
  if [ "${#packages[@]}" -gt 0 ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    say "installing Debian's ${packages[*]} (about a minute)"
    apt_install "${packages[@]}" || say "could not install ${packages[*]}"
  fi
  if [ ! -x "$path" ]; then
    missing 1 "Chromium not found at $path: run 'apt-get update && apt-get install -y chromium' as root, or set CHROMIUM_PATH"
    return
  fi
  exports+=("export CHROMIUM_PATH='$path'")
  if [ ! -x "$shell_path" ]; then
    missing "$strict" "Chromium's headless shell not found at $shell_path (the end-to-end tests use the full browser, slower): run 'apt-get install -y chromium-headless-shell' as root"
    return
  fi
  exports+=("export CHROMIUM_HEADLESS_SHELL_PATH='$shell_path'")
}

ensure_postgresql() {
  local host=127.0.0.1 port=5432 user=postgres
  if ! command -v pg_isready >/dev/null 2>&1 || ! ls /etc/postgresql/*/main >/dev/null 2>&1; then
    if can_install; then
      say "installing PostgreSQL"
      apt_install postgresql || say "could not install postgresql"
    fi
  fi
  if ! command -v pg_isready >/dev/null 2>&1; then
    missing "$strict" "PostgreSQL is not installed: run 'apt-get install -y postgresql' as root (or set TEST_DATABASE_URL to a server)"
    return
  fi
  if ! pg_isready -q -h "$host" -p "$port" 2>/dev/null && may_change_machine && ls /etc/postgresql/*/main >/dev/null 2>&1; then
    say "starting PostgreSQL"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start >&2 || true
    for _ in $(seq 1 30); do pg_isready -q -h "$host" -p "$port" && break; sleep 1; done
  fi
  if ! pg_isready -q -h "$host" -p "$port" 2>/dev/null; then
    missing "$strict" "PostgreSQL is not running on $host:$port: run 'pg_ctlcluster --skip-systemctl-redirect \$(ls /etc/postgresql | head -1) main start' as root"
    return
  fi
  exports+=("export PGHOST=$host PGPORT=$port PGUSER=$user")
  if ! PGHOST=$host PGPORT=$port PGUSER=$user psql -qtAc 'select 1' postgres >/dev/null 2>&1; then
    # A fresh Debian install trusts only the local socket: give the postgres role a password for TCP.
    if may_change_machine && command -v su >/dev/null 2>&1; then
      say "giving the postgres role the password 'postgres' for TCP sign-in (CI only)"
      su postgres -c "psql -qc \"alter user postgres password 'postgres'\"" >/dev/null 2>&1 || true
    fi
    if PGPASSWORD=postgres PGHOST=$host PGPORT=$port PGUSER=$user psql -qtAc 'select 1' postgres >/dev/null 2>&1; then
      exports+=("export PGPASSWORD=postgres")
    else
      missing "$strict" "cannot sign in to PostgreSQL on $host:$port as $user (allow it in pg_hba.conf, or set TEST_DATABASE_URL)"
    fi
  fi
}

ensure_nginx() {
  if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ] && can_install; then
    say "installing nginx"
    apt_install nginx || say "could not install nginx"
  fi
  if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
    missing "$strict" "nginx is not installed (the deployment test needs it): run 'apt-get install -y nginx' as root"
  fi
}

for name in "${wanted[@]}"; do "ensure_$name"; done
if [ "$print_env" = 1 ]; then
  for line in "${exports[@]+"${exports[@]}"}"; do echo "$line"; done
fi
