#!/usr/bin/env bash
# Makes the certificates the TLS tests use, with the openssl command line, in
# the folder given (created if missing; files already there are kept):
#   ca.crt ca.key            the test CA
#   cadir/                   ca.crt under its hash name (--cacertdir)
#   server.crt server.key    for localhost, 127.0.0.1 and ::1, signed by the CA
#                            (no key usage limits, so servers also present it
#                            as a client: replication, the cluster bus)
#   client.crt client.key    a client certificate signed by the CA
#   expired.crt expired.key  like server.crt, but it expired yesterday
#   wronghost.crt wronghost.key  signed by the CA, for other.invalid only
#   other-ca.crt other-ca.key    a CA nobody trusts
#   rogue.crt rogue.key          signed by other-ca: an unknown CA's server or client
# Usage: make-test-certs.sh DIR
set -euo pipefail
dir=${1:?usage: make-test-certs.sh DIR}
mkdir -p "$dir"
cd "$dir"
[[ -s rogue.crt && -d cadir ]] && exit 0

key() { openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$1" 2>/dev/null; chmod 600 "$1"; }
ca() { # NAME SUBJECT
    key "$1.key"
    openssl req -x509 -new -key "$1.key" -out "$1.crt" -days 3650 -subj "$2" \
        -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign 2>/dev/null
}
leaf() { # NAME CA SUBJECT SAN DAYS
    key "$1.key"
    openssl req -new -key "$1.key" -out "$1.csr" -subj "$3" 2>/dev/null
    printf 'subjectAltName=%s\nbasicConstraints=CA:FALSE\n' "$4" >"$1.ext"
    openssl x509 -req -in "$1.csr" -CA "$2.crt" -CAkey "$2.key" -CAcreateserial -days "$5" \
        -extfile "$1.ext" -out "$1.crt" 2>/dev/null
    rm -f "$1.csr" "$1.ext"
}

local_names='DNS:localhost,IP:127.0.0.1,IP:::1'
ca ca '/O=Treelock tests/CN=Treelock test CA'
ca other-ca '/O=Somebody else/CN=Untrusted test CA'
leaf server ca '/O=Treelock tests/CN=localhost' "$local_names" 3650
leaf client ca '/O=Treelock tests/CN=treelock-client' 'DNS:treelock-client' 3650
leaf expired ca '/O=Treelock tests/CN=localhost (expired)' "$local_names" -1
leaf wronghost ca '/O=Treelock tests/CN=other.invalid' 'DNS:other.invalid' 3650
leaf rogue other-ca '/O=Somebody else/CN=localhost' "$local_names" 3650
mkdir -p cadir.tmp
cp ca.crt cadir.tmp/
openssl rehash cadir.tmp 2>/dev/null || ln -s ca.crt "cadir.tmp/$(openssl x509 -hash -noout -in ca.crt).0"
rm -f cadir.tmp/ca.crt.srl
mv cadir.tmp cadir
