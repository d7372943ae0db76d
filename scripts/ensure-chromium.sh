#!/usr/bin/env bash
# Browser tests drive Debian's Chromium through playwright-core; install it when missing.
# (Playwright's own browser download cannot work offline, so it is never used.)
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "Installing Debian's chromium for the browser tests…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
