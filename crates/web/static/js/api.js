// The HTTP API: JSON in, JSON out; errors become exceptions with the server's message and
// code (words.js says them in the reader's language).

export class ApiError extends Error {
  /** `code` names the error for the page's words (`no_game`…), `subject` what it is about;
   * a set-up position's typed `problem` and an uploaded file's `line` come from `data`. */
  constructor(status, message, code = null, subject = null, data = null) {
    super(message);
    this.status = status;
    this.code = code;
    this.subject = subject;
    this.problem = (data && data.problem) || null;
    this.line = (data && data.line) || null;
  }
}

export async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const text = await response.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = null; }
  if (!response.ok) {
    throw new ApiError(response.status, (data && data.error) || response.statusText, (data && data.code) || null, (data && data.subject) ?? null, data);
  }
  return data;
}
