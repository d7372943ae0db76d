#!/usr/bin/env bash
# Command-line tools some tests compare against (never used by the product itself):
# poppler-utils' pdftotext is the reference for born-digital PDF text extraction.
set -euo pipefail
if command -v pdftotext >/dev/null 2>&1; then exit 0; fi
echo "Installing poppler-utils (pdftotext) for the PDF extraction tests…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq poppler-utils >/dev/null
