#!/usr/bin/env bash
# The counting drill in a real pseudo-terminal (tmux), with right and wrong
# answers.
#
# Usage: .ci/smoke-drill.sh CRIB_BINARY
#
# Runs `crib drill --seed 7 --hands 3 --cribs` on a database of its own in a
# detached tmux session. For each hand it reads the cards off the screen and
# asks `crib score --json` (with --crib when the screen says it is the crib)
# for the true points by kind, then answers: the first hand right, the
# second with two fifteens (4 points) too many, the third with nothing at all. It
# checks the drill's verdict on each (every point counted; counted too
# many; missed, unless that hand is worth nothing), closes the summary,
# checks that the terminal is restored, and that `crib stats me` shows the
# three answers. Then it starts a drill and quits at once with q. Every wait
# polls the screen with a deadline.
set -euo pipefail

if [ $# -ne 1 ]; then
    echo "usage: $0 CRIB_BINARY" >&2
    exit 2
fi
crib=$(realpath "$1")
command -v tmux >/dev/null || { echo "smoke-drill: tmux is not installed" >&2; exit 2; }

who=smoke-drill
session=drill
# shellcheck source=.ci/tmux.sh
source "$(dirname "$0")/tmux.sh"
dir=$(mktemp -d)
trap 'tmux_ kill-server >/dev/null 2>&1 || true; rm -rf "$dir"' EXIT

fail() {
    echo "smoke-drill: $1; the screen:" >&2
    screen >&2
    exit 1
}

tmux_ new-session -d -s drill -x 100 -y 32 -c "$PWD" "env PS1='drill\$ ' bash --norc --noprofile"
wait_for 'drill\$' 10 "shell prompt"

# start ARGS: runs the drill, then says how it ended and whether the
# terminal's settings came back unchanged.
start() {
    tmux_ send-keys -t drill -l "clear; tty_before=\$(stty -g); $crib drill --db $dir/crib.db $1 2>$dir/stderr; status=\$?; \
if [ \"\$(stty -g)\" = \"\$tty_before\" ]; then echo TTY-SAME; else echo TTY-CHANGED; fi; \
echo DRILL-EXITED-\$status"
    tmux_ send-keys -t drill Enter
}

# restored: the drill exited 0 and left the terminal as it was.
restored() {
    wait_for '^DRILL-EXITED-[0-9]' 30 "exit"
    screen | grep -q '^DRILL-EXITED-0$' || fail "the drill exited with an error: $(cat "$dir/stderr")"
    screen | grep -q '^TTY-SAME$' || fail "the terminal settings changed (raw mode left on?)"
    [ "$(tmux_ display -p -t drill '#{alternate_on}')" = 0 ] || fail "still on the alternate screen"
    [ "$(tmux_ display -p -t drill '#{cursor_flag}')" = 1 ] || fail "the cursor is still hidden"
}

# truth: the true points of the hand on screen, as "fifteens pairs runs
# flush nobs", from crib score.
truth() {
    local cards rules=""
    cards=$(screen | grep -A1 -e '^  Your hand' -e '^  The crib' | tail -n 1 | sed 's/starter//')
    screen | grep -q '^  The crib' && rules=--crib
    # shellcheck disable=SC2086 # the cards are words
    local json
    json=$("$crib" score $rules $cards --json)
    local kind points=()
    for kind in fifteens pairs runs flush nobs; do
        points+=("$(grep -o "\"$kind\":[0-9]*" <<<"$json" | head -n 1 | cut -d: -f2)")
    done
    echo "${points[*]}"
}

# answer P1 P2 P3 P4 P5: types each kind's points (none for 0), then enter.
answer() {
    local points
    for points in "$@"; do
        if [ "$points" != 0 ]; then
            tmux_ send-keys -t drill -l "$points"
        fi
        tmux_ send-keys -t drill Tab
    done
    tmux_ send-keys -t drill Enter
}

start "--seed 7 --hands 3 --cribs"
wait_for 'hand 1 of 3' 30 "the first hand"
[ "$(tmux_ display -p -t drill '#{alternate_on}')" = 1 ] || fail "not on the alternate screen"

# Hand 1, counted right.
read -r -a points <<<"$(truth)"
answer "${points[@]}"
wait_for 'Every point counted.' 10 "a right count graded right"
screen | grep -q 'Right\.' || fail "the count is not said right"
screen | grep -q 'Time: [0-9]*\.[0-9] s\.' || fail "no time"
tmux_ send-keys -t drill Enter

# Hand 2, two fifteens (4 points) too many.
wait_for 'hand 2 of 3' 10 "the second hand"
read -r -a points <<<"$(truth)"
points[0]=$((points[0] + 4))
answer "${points[@]}"
wait_for 'Counted 4 for fifteens too many.' 10 "an over-count graded"
screen | grep -q 'It is only' || fail "the true count is not said"
tmux_ send-keys -t drill Enter

# Hand 3, nothing counted.
wait_for 'hand 3 of 3' 10 "the third hand"
read -r -a points <<<"$(truth)"
total=$((points[0] + points[1] + points[2] + points[3] + points[4]))
answer 0 0 0 0 0
if [ "$total" -gt 0 ]; then
    wait_for 'Missed [0-9]* for ' 10 "a miss graded"
    expected_right=1
else
    wait_for 'Every point counted.' 10 "a worthless hand graded right"
    expected_right=2
fi
tmux_ send-keys -t drill Enter
wait_for 'The drill is over.' 10 "the summary"
screen | grep -q "3 hands counted, $expected_right right" || fail "the summary does not count the answers"
screen | grep -q 'crib drill --seed 7 --hands 3 --cribs' || fail "the summary does not say how to deal the hands again"
tmux_ send-keys -t drill Enter
restored
grep -q "3 hands counted, $expected_right right" "$dir/stderr" || { echo "smoke-drill: no summary after the drill: $(cat "$dir/stderr")" >&2; exit 1; }
echo "smoke-drill: ok: three hands counted (right, over, missed), summary, terminal restored"

stats=$("$crib" stats me --db "$dir/crib.db")
grep -q "3 hands counted, $expected_right right" <<<"$stats" || { echo "smoke-drill: crib stats me does not show the drill: $stats" >&2; exit 1; }
grep -q "for fifteens" <<<"$stats" || { echo "smoke-drill: crib stats me does not show the fifteens counted too many: $stats" >&2; exit 1; }
echo "smoke-drill: ok: crib stats me shows the three answers"

# Quit at once.
start "--hands 5"
wait_for 'hand 1 of 5' 30 "a random drill"
tmux_ send-keys -t drill q
restored
grep -q "No hands counted yet" "$dir/stderr" || { echo "smoke-drill: quitting at once should count no hands: $(cat "$dir/stderr")" >&2; exit 1; }
echo "smoke-drill: ok: quit at the first hand, terminal restored"
