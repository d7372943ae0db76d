#!/usr/bin/env bash
# Debian packages the tests need and npm cannot provide: Chromium for the browser tests
# (playwright-core drives it; Playwright's own browser download cannot work offline), a font
# for stable screenshots, and poppler-utils' pdftotext as the reference for PDF extraction.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -d /usr/share/fonts/truetype/dejavu ] || missing+=(fonts-dejavu-core)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
echo "Installing ${missing[*]} for the tests…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
