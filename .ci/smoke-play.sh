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
# gone, the cursor shown, the shell back in the pane. Then it runs the same
# command line with `--players 3 --level basic` appended and plays a whole
# round at three (one card each to the crib, the play, the show) before
# quitting the same way. Every wait polls the screen with a deadline;
# nothing sleeps for long.
set -euo pipefail

if [ $# -ne 1 ]; then
    echo "usage: $0 'COMMAND LINE'" >&2
    exit 2
fi
command_line=$1
command -v tmux >/dev/null || { echo "smoke-play: tmux is not installed" >&2; exit 2; }

who=smoke-play
session=smoke
# shellcheck source=.ci/tmux.sh
source "$(dirname "$0")/tmux.sh"

tmux_ new-session -d -s smoke -x 100 -y 32 -c "$PWD" "env PS1='smoke\$ ' bash --norc --noprofile"
wait_for 'smoke\$' 10 "shell prompt"

# start_game ARGS: the shell records the terminal settings, runs the game
# with ARGS appended to the command line, and says how it ended and whether
# the settings came back unchanged.
start_game() {
    tmux_ send-keys -t smoke -l "clear; tty_before=\$(stty -g); $command_line $1; status=\$?; \
if [ \"\$(stty -g)\" = \"\$tty_before\" ]; then echo TTY-SAME; else echo TTY-CHANGED; fi; \
echo GAME-EXITED-\$status"
    tmux_ send-keys -t smoke Enter
}

# quit_and_check: q, y, and the terminal as it was.
quit_and_check() {
    tmux_ send-keys -t smoke q
    wait_for 'Quit the game?' 30 "quit question"
    tmux_ send-keys -t smoke y
    # Anchored: the command line typed above holds these words too.
    wait_for '^GAME-EXITED-[0-9]' 30 "exit"
    local screen_after
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
}

start_game ""
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
quit_and_check
echo "smoke-play: ok: started, discarded, played a card, quit, and the terminal is restored"

# Three players: one card each to the crib, then enter (play the chosen
# card, say go, or hurry the others and the count) until the round is over.
start_game "--players 3 --level basic"
wait_for 'East' 60 "a table of three"
wait_for 'Choose one card for' 30 "discard prompt at three"
tmux_ send-keys -t smoke 1
tmux_ send-keys -t smoke Enter
wait_for 'You give' 30 "discard taken at three"
deadline=$((SECONDS + 120))
until screen | grep -q -e 'The hand is over'; do
    if ((SECONDS >= deadline)); then
        echo "smoke-play: the round at three never ended; the screen:" >&2
        screen >&2
        exit 1
    fi
    tmux_ send-keys -t smoke Enter
    sleep 0.3
done
echo "smoke-play: a round at three played to its show"
screen | grep -q -e "West" || { echo "smoke-play: West is not on the screen" >&2; exit 1; }
quit_and_check
echo "smoke-play: ok: a round at three players, quit, and the terminal is restored"
