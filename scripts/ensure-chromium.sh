#!/usr/bin/env bash
# Makes sure Debian's Chromium is there for the end-to-end tests (Playwright's own browser
# download cannot work on this network), with a colour emoji font: game symbols are emoji, and a
# screenshot without the font shows empty boxes where a player's device shows symbols.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
missing=()
[ -x "$chromium_path" ] || missing+=(chromium)
fc-list 2>/dev/null | grep -qi 'emoji' || missing+=(fonts-noto-color-emoji)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing ${missing[*]} from Debian..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
if [[ " ${missing[*]} " == *" chromium "* ]]; then
  echo "Chromium is missing at $chromium_path. Install it (Debian: sudo apt-get install -y chromium) or set CHROMIUM_PATH." >&2
  exit 1
fi
echo "Note: no emoji font found (Debian: fonts-noto-color-emoji); screenshots will show boxes for game symbols." >&2
