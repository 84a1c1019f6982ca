type FilePart = { field: string; name: string; type: string; data: Buffer };

/** Builds a multipart/form-data body for inject(), as a browser's FormData would send it (one or more files). */
export function multipartBody(fields: Record<string, string>, files?: FilePart | FilePart[]) {
  const boundary = `----avatar-factory-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files === undefined ? [] : Array.isArray(files) ? files : [files]) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
