#!/usr/bin/env bash
# Makes sure Debian's HAProxy is there for the scale-out storm test (apps/server/src/scale/
# storm.test.ts, run when DATABASE_URL and REDIS_URL are set): it puts two server processes behind
# it. Only the binary is used; the test starts its own HAProxy in the foreground with its own
# configuration, so the packaged service is neither needed nor started.
set -euo pipefail
haproxy_path="${HAPROXY_PATH:-haproxy}"
command -v "$haproxy_path" >/dev/null 2>&1 && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing haproxy from Debian..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq haproxy >/dev/null
  exit 0
fi
echo "HAProxy is missing. Install it (Debian: sudo apt-get install -y haproxy) or set HAPROXY_PATH." >&2
exit 1
