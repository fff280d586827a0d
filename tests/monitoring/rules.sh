#!/usr/bin/env bash
# tst_monitoring_rules: resources/monitoring/alerts.yml is a valid Prometheus rule file,
# its unit tests (alerts.test.yml) pass, and every alert it defines is tested there.
#
# Usage: rules.sh PROMTOOL SOURCE_DIR
set -euo pipefail
promtool=${1:?usage: rules.sh PROMTOOL SOURCE_DIR}
source_dir=${2:?usage: rules.sh PROMTOOL SOURCE_DIR}
rules=$source_dir/resources/monitoring/alerts.yml
tests=$source_dir/resources/monitoring/alerts.test.yml

"$promtool" check rules "$rules"
"$promtool" test rules "$tests"

untested=0
while IFS= read -r alert; do
    if ! grep -Eq "^ *alertname: $alert\$" "$tests"; then
        echo "tst_monitoring_rules: alert $alert of $rules has no test in $tests" >&2
        untested=$((untested + 1))
    fi
done < <(sed -n 's/^ *- alert: *\([A-Za-z0-9_]*\) *$/\1/p' "$rules")
[ "$untested" -eq 0 ]
