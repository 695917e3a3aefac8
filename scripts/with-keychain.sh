#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with an unlocked gnome-keyring, so keytar talks to
# a real Secret Service (libsecret). The keyring lives in a temporary folder, never in $HOME.
# Usage: scripts/with-keychain.sh <command> [args…]
set -euo pipefail
if [ "${DQC_IN_KEYCHAIN_SESSION:-}" = "1" ]; then exec "$@"; fi
keyring_home=$(mktemp -d)
trap 'rm -rf "$keyring_home"' EXIT
export XDG_DATA_HOME="$keyring_home/data" XDG_RUNTIME_DIR="$keyring_home/run"
mkdir -p "$XDG_DATA_HOME" "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
export DQC_IN_KEYCHAIN_SESSION=1
dbus-run-session -- bash -c 'printf "ci-keyring-password" | gnome-keyring-daemon --unlock --components=secrets >/dev/null; exec "$@"' bash "$@"
