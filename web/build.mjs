// Builds the front end into dist/ with esbuild: one hashed script and stylesheet, and index.html pointing at
// them, each with a gzip copy beside it (FILE.gz) that `strat serve` sends to browsers that take gzip.
// `node build.mjs --watch` rebuilds on change, without the copies (serve dist/ with `strat serve`).
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const watch = process.argv.includes('--watch');
const out = 'dist';

function writeIndex(result) {
  const outputs = Object.keys(result.metafile.outputs).map((f) => '/' + path.relative(out, f).split(path.sep).join('/'));
  const js = outputs.find((f) => f.endsWith('.js'));
  const css = outputs.find((f) => f.endsWith('.css'));
  const html = fs
    .readFileSync('index.html', 'utf8')
    .replace(/<script type="module" src="\/src\/main.ts"><\/script>/, `<script type="module" src="${js}"></script>`)
    .replace('</head>', css ? `  <link rel="stylesheet" href="${css}" />\n  </head>` : '</head>');
  fs.writeFileSync(path.join(out, 'index.html'), html);
}

// Writes FILE.gz beside every text file of the build (written after FILE, so never older); returns the bytes
// of the compressed copies.
function compressAll(dir) {
  let bytes = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) bytes += compressAll(file);
    else if (/\.(js|css|html|svg|json)$/.test(entry.name)) {
      const gz = zlib.gzipSync(fs.readFileSync(file), { level: zlib.constants.Z_BEST_COMPRESSION });
      fs.writeFileSync(file + '.gz', gz);
      bytes += gz.length;
    }
  }
  return bytes;
}

const options = {
  entryPoints: ['src/main.ts'],
  bundle: true,
  minify: !watch,
  sourcemap: watch,
  format: 'esm',
  target: 'es2022',
  outdir: path.join(out, 'assets'),
  entryNames: watch ? 'app' : 'app-[hash]',
  metafile: true,
  logLevel: 'warning',
  plugins: [{ name: 'index', setup: (b) => b.onEnd((r) => r.errors.length === 0 && writeIndex(r)) }],
};

fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });
if (watch) {
  const ctx = await esbuild.context(options);
  await ctx.watch();
  console.log('watching src/ -> dist/');
} else {
  const result = await esbuild.build(options);
  const size = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
  const zipped = compressAll(out);
  console.log(`built dist/ (${(size / 1024).toFixed(1)} kB, ${(zipped / 1024).toFixed(1)} kB gzipped)`);
}
