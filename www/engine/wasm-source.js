// Where the engine worker gets the wasm from. In the repository (`pnplay serve`) COMPRESSED
// and COMPRESSED_THREADS are null and the worker fetches wasm-bindgen's files beside its
// JavaScript (pkg/pnplay_bg.wasm and pkg/threads/pnplay_bg.wasm, which the server sends
// gzipped), compiled as they stream in. scripts/dist points
// them at the precompressed gzip copies of the content-hashed wasm files, which the worker
// fetches and unpacks itself (DecompressionStream), so the wasm travels compressed from any
// static host; a host that already undid the gzip (Content-Encoding) hands over plain wasm,
// which is used as it is.

const COMPRESSED = null;
const COMPRESSED_THREADS = null;

/** gzip's first two bytes. */
const isGzip = (bytes) => bytes[0] === 0x1f && bytes[1] === 0x8b;

/**
 * The bytes of gzipped file `url`, unpacked here (or as they came, if the host already undid
 * the gzip); an error with the HTTP `status` if the file could not be fetched. The wasm, the
 * Connect Four opening book and the data files of www/data/ travel this way.
 */
export async function fetchGunzipped(url) {
  const answer = await fetch(url);
  if (!answer.ok) throw Object.assign(new Error(`${url.pathname}: HTTP ${answer.status}`), { status: answer.status });
  const bytes = new Uint8Array(await answer.arrayBuffer());
  if (!isGzip(bytes)) return bytes;
  const unpacked = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(unpacked).arrayBuffer());
}

/** The argument for wasm-bindgen's `init` of the plain package, or of the threaded one if
 * `threaded`: `{module_or_path}` with the wasm's response (on its way: the caller asks for it
 * before importing the package's JavaScript, so the two travel side by side) or its bytes. */
export async function wasmSource(threaded = false) {
  const compressed = threaded ? COMPRESSED_THREADS : COMPRESSED;
  if (compressed !== null) return { module_or_path: await fetchGunzipped(new URL(compressed, import.meta.url)) };
  return { module_or_path: fetch(new URL(threaded ? '../pkg/threads/pnplay_bg.wasm' : '../pkg/pnplay_bg.wasm', import.meta.url)) };
}
