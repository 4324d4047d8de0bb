# make bench's rows for `docbrowser search` (issue 40), sourced by
# scripts/benchmark.sh inside its table: it uses that script's row(), runs,
# work and docbrowser. 10,000 text documents of about 5 KB (50 MB), words
# drawn from a vocabulary, one rare word in 1 of 100; each row compares
# with `rg -l` over the same folder, reading every file, as a user
# searching without an index does; the first index also with recollindex.
search_home="$work/search-home"
search_word=zanzibar
python3 - "$search_home/Documents" "$search_word" <<'PY'
import os, random, sys
folder, rare = sys.argv[1], sys.argv[2]
random.seed(40)
os.makedirs(folder, exist_ok=True)
letters = "abcdefghijklmnopqrstuvwxyz"
words = ["".join(random.choice(letters) for _ in range(random.randint(3, 9))) for _ in range(20000)]
for i in range(10000):
    chosen = random.choices(words, k=800)
    if i % 100 == 7:
        chosen[random.randrange(len(chosen))] = rare
    lines = [" ".join(chosen[j:j + 12]) for j in range(0, len(chosen), 12)]
    with open(os.path.join(folder, f"Note {i:05d}.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
PY
# The catalog made first: what is measured is the index, not a first listing.
"$docbrowser" --home "$search_home" -q list --recursive >/dev/null
search_index="$search_home/Library/Catalog/search.sqlite"
recoll_config="$work/recoll-config"
mkdir -p "$recoll_config"
printf 'topdirs = %s\nloglevel = 1\n' "$search_home/Documents" >"$recoll_config/recoll.conf"
search_line=("$docbrowser" --home "$search_home" search "$search_word")
rg_line=(rg -l "$search_word" "$search_home/Documents")

SETUP="rm -f '$search_index' '$search_index-wal' '$search_index-shm'" \
  row "first \`search\` of 10,000 text documents (50 MB): the index made" "≤ 3× rg, ≤ 128 MiB" "\`rg -l\`" -- \
  "${search_line[@]}" -- "${rg_line[@]}"
# row() ran the setup again before rg, which took the index away: one
# search, not timed, makes it for the rows that find it made.
"${search_line[@]}" >/dev/null
row "a \`search\` after that" "≤ 0.05× rg" "\`rg -l\`" -- "${search_line[@]}" -- "${rg_line[@]}"
# Ten documents grow by a line before each run of both: the search reads
# those ten again, rg everything.
SETUP="for i in 10 11 12 13 14 15 16 17 18 19; do echo \"changed \$RANDOM\" >>'$search_home/Documents/Note 0\${i}42.txt'; done" \
  row "the next \`search\` after 10 documents changed" "≤ 0.1× rg" "\`rg -l\`" -- "${search_line[@]}" -- "${rg_line[@]}"
SETUP="rm -f '$search_index' '$search_index-wal' '$search_index-shm'; rm -rf '$recoll_config/xapiandb' '$recoll_config/idxstatus.txt'" \
  row "the same first index" "none: compared" "\`recollindex\`" -- \
  "${search_line[@]}" -- recollindex -c "$recoll_config"
# The last setup emptied the index: one more search makes it, to be weighed.
"${search_line[@]}" >/dev/null
index_bytes=$(du -cb "$search_index"* | tail -n 1 | cut -f 1)
text_bytes=$(du -sb "$search_home/Documents" | cut -f 1)
printf '| the index (search.sqlite) against the text | %s MB | text %s MB | %s | ≤ 0.5× |\n' \
  "$(awk -v b="$index_bytes" 'BEGIN { printf "%.1f", b / 1e6 }')" "$(awk -v b="$text_bytes" 'BEGIN { printf "%.1f", b / 1e6 }')" \
  "$(awk -v a="$index_bytes" -v b="$text_bytes" 'BEGIN { printf "%.2f×", a / b }')"
