# What the tmux tests share (sourced by .ci/smoke-play.sh and
# .ci/smoke-drill.sh): a tmux server of their own, reading the screen, and
# waiting for a pattern on it with a deadline.
#
# The sourcing script sets `who` (its name in messages) and `session` (the
# tmux session it starts); the server is killed when the script exits.

# A server of our own, so that no other tmux session is touched.
socket="crib-$who-$$"
tmux_() { tmux -L "$socket" -f /dev/null "$@"; }
trap 'tmux_ kill-server >/dev/null 2>&1 || true' EXIT

screen() { tmux_ capture-pane -p -t "$session"; }

# wait_for PATTERN SECONDS WHAT: polls the screen until grep finds PATTERN.
wait_for() {
    local deadline=$((SECONDS + $2))
    until screen | grep -q -e "$1"; do
        if ((SECONDS >= deadline)); then
            echo "$who: no $3 after $2 s; the screen:" >&2
            screen >&2
            exit 1
        fi
        sleep 0.1
    done
    echo "$who: $3"
}
