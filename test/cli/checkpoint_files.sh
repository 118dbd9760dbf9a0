# Every file dance writes (a checkpoint, a catalog, a picture, an export) is written whole
# through a temporary file of its own: a new name in the target's folder, never a file or
# link that was there (a fixed name such as FILE.tmp, planted as a link, would have been
# written through), and never over a target that is not a regular file.

# A named pipe (or a device) given as a checkpoint is refused, and stays what it was.
mkfifo pipe
run cube soma --checkpoint pipe
expect_exit 2
expect_stdout </dev/null
expect_stderr <<'EOF2'
dance cube: pipe: cannot write: it exists and is not a regular file, which dance does not replace
EOF2
check "[ -p pipe ]" "the named pipe was replaced"
run cube soma --checkpoint pipe --restart
expect_exit 2
expect_stderr <<'EOF2'
dance cube: pipe: cannot write: it exists and is not a regular file, which dance does not replace
EOF2
check "[ -p pipe ]" "the named pipe was replaced by --restart"
run cube soma --resume pipe
expect_exit 2
expect_stderr <<'EOF2'
dance cube: pipe: not a regular file: not a checkpoint
EOF2
mkdir folder
run cube soma --checkpoint folder
expect_exit 2
expect_stderr <<'EOF2'
dance cube: folder: cannot read: Is a directory
EOF2

# A link planted where a writer of a fixed temporary name would write: left alone, and so is
# the file it names; no temporary file is left behind.
echo kept >victim
ln -s victim s.ckpt.tmp
run cube soma --checkpoint s.ckpt
expect_exit 0
expect_stdout <<'EOF2'
480 solutions (11520 covers in all)
EOF2
check "[ \"\$(cat victim)\" = kept ] && [ -L s.ckpt.tmp ]" "a file written through a link planted at s.ckpt.tmp"
check "[ -f s.ckpt ] && ! [ -L s.ckpt ] && grep -q '^dance-checkpoint 3$' s.ckpt" "s.ckpt is not the checkpoint"
check "[ -z \"\$(ls -A | grep '^\\.s\\.ckpt\\.')\" ]" "a temporary file was left: $(ls -A)"

# A checkpoint reached through a symbolic link: the file it names is written, the link kept,
# and the same command resumes through it.
mkdir real
ln -s real/t.ckpt t.ckpt
run cube soma --checkpoint t.ckpt
expect_exit 0
check "[ -L t.ckpt ] && grep -q '^dance-checkpoint 3$' real/t.ckpt" "the link t.ckpt was replaced"
run cube soma --checkpoint t.ckpt
expect_exit 0
expect_stderr_has "dance cube: resuming t.ckpt: "
check "[ -L t.ckpt ]" "the link t.ckpt was replaced on resumption"

# The same writer for the other files: a catalog through a link keeps the link; into a named
# pipe it is written in place (read by cat here); a file written over keeps its mode.
ln -s real/c.txt c.txt
run cube soma --catalog c.txt
expect_exit 0
check "[ -L c.txt ] && grep -q '^# complete: 480 solutions$' real/c.txt" "the catalog's link was replaced"
mkfifo cat.pipe
cat cat.pipe >got.txt &
reader=$!
run cube soma --catalog cat.pipe
expect_exit 0
wait "$reader"
check "grep -q '^# complete: 480 solutions$' got.txt && [ -p cat.pipe ]" "the catalog was not written into the pipe"
echo old >pic.svg
chmod 640 pic.svg
run cube steinhaus --svg pic.svg --threads 1 -q
expect_exit 0
check "[ \"\$(stat -c %a pic.svg)\" = 640 ] && grep -q '<svg' pic.svg" "pic.svg lost its mode or was not written"
ln -s victim .pic.svg.planted
run xc "$DATA/xc/soma.dlx" --export x.dlx -q
expect_exit 0
check "[ \"\$(cat victim)\" = kept ]" "the export wrote through a planted link"
check "[ -z \"\$(ls -A | grep '^\\.x\\.dlx\\.')\" ]" "the export left a temporary file: $(ls -A)"
