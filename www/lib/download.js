// Saves text or a Blob as a file the browser downloads (exports of trees, charts, results).

/** Downloads `data` (a string or a Blob) as `filename` with MIME type `type`. */
export function download(filename, data, type = 'application/octet-stream') {
  const blob = data instanceof Blob ? data : new Blob([data], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
