#!/usr/bin/env bash
# Smoke test of the terminal game in a real pseudo-terminal (tmux).
#
# Usage: .ci/smoke-play.sh 'COMMAND LINE'
#
# Runs the command line (for example `cargo run --release -- play`, or a
# built `crib play`) in a shell inside a detached tmux session of a fixed
# size, waits for the board, discards two cards, plays a card, quits with q
# and confirms, then checks that the program exited with status 0 and left
# the terminal as it found it: the same stty settings, the alternate screen
# gone, the cursor shown, the shell back in the pane. Every wait polls the
# screen with a deadline; nothing sleeps for long.
set -euo pipefail

if [ $# -ne 1 ]; then
    echo "usage: $0 'COMMAND LINE'" >&2
    exit 2
fi
command_line=$1
command -v tmux >/dev/null || { echo "smoke-play: tmux is not installed" >&2; exit 2; }

# A server of our own, so that no other tmux session is touched.
socket="crib-smoke-$$"
tmux_() { tmux -L "$socket" -f /dev/null "$@"; }
trap 'tmux_ kill-server >/dev/null 2>&1 || true' EXIT

screen() { tmux_ capture-pane -p -t smoke; }

# wait_for PATTERN SECONDS WHAT: polls the screen until grep finds PATTERN.
wait_for() {
    local deadline=$((SECONDS + $2))
    until screen | grep -q -e "$1"; do
        if ((SECONDS >= deadline)); then
            echo "smoke-play: no $3 after $2 s; the screen:" >&2
            screen >&2
            exit 1
        fi
        sleep 0.1
    done
    echo "smoke-play: $3"
}

tmux_ new-session -d -s smoke -x 100 -y 32 -c "$PWD" "env PS1='smoke\$ ' bash --norc --noprofile"
wait_for 'smoke\$' 10 "shell prompt"

# The shell records the terminal settings, runs the game, and says how it
# ended and whether the settings came back unchanged.
tmux_ send-keys -t smoke -l "tty_before=\$(stty -g); $command_line; status=\$?; \
if [ \"\$(stty -g)\" = \"\$tty_before\" ]; then echo TTY-SAME; else echo TTY-CHANGED; fi; \
echo GAME-EXITED-\$status"
tmux_ send-keys -t smoke Enter

# The first run may still compile; after that the board comes at once.
wait_for 'front peg' 600 "board on screen"
wait_for 'Choose two cards for' 30 "discard prompt"
[ "$(tmux_ display -p -t smoke '#{alternate_on}')" = 1 ] || { echo "smoke-play: not on the alternate screen" >&2; exit 1; }

tmux_ send-keys -t smoke 1
tmux_ send-keys -t smoke 2
tmux_ send-keys -t smoke Enter
wait_for 'You give' 30 "discard taken"

# The pone leads; if the computer is the pone, its card comes first.
wait_for 'Your turn, count' 30 "turn to play"
tmux_ send-keys -t smoke Enter
wait_for 'You play ' 30 "card played"

tmux_ send-keys -t smoke q
wait_for 'Quit the game?' 30 "quit question"
tmux_ send-keys -t smoke y
# Anchored: the command line typed above holds these words too.
wait_for '^GAME-EXITED-[0-9]' 30 "exit"

screen_after=$(screen)
if ! grep -q '^GAME-EXITED-0$' <<<"$screen_after"; then
    echo "smoke-play: the game exited with an error:" >&2
    echo "$screen_after" >&2
    exit 1
fi
grep -q '^TTY-SAME$' <<<"$screen_after" || { echo "smoke-play: the terminal settings changed (raw mode left on?)" >&2; exit 1; }
[ "$(tmux_ display -p -t smoke '#{alternate_on}')" = 0 ] || { echo "smoke-play: still on the alternate screen" >&2; exit 1; }
[ "$(tmux_ display -p -t smoke '#{cursor_flag}')" = 1 ] || { echo "smoke-play: the cursor is still hidden" >&2; exit 1; }
[ "$(tmux_ display -p -t smoke '#{pane_current_command}')" = bash ] || { echo "smoke-play: the shell is not back" >&2; exit 1; }
echo "smoke-play: ok: started, discarded, played a card, quit, and the terminal is restored"
