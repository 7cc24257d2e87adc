// What error output looks like in every language, as data for `isErrorReport`: the identifiers and codes that
// programs print (ENOENT, rate_limit_error, RateLimitError), stringified values, and the shapes of stack traces,
// status lines and error bodies. The phrases of a language's error messages are in its pack (`memoryGate.errorWords`).

/** Codes and identifiers of error output: a text that starts with one is an error report. */
export const ERROR_CODES: readonly string[] = [
  'econnrefused',
  'econnreset',
  'etimedout',
  'enotfound',
  'eai_again',
  'epipe',
  'ehostunreach',
  'enetunreach',
  'econnaborted',
  'err_network',
  'err_bad_response',
  'err_bad_request',
  'err_canceled',
  'und_err_connect_timeout',
  'und_err_socket',
  'und_err_headers_timeout',
  'getaddrinfo',
  'httpsconnectionpool',
  'httpconnectionpool',
  'enoent',
  'eacces',
  'insufficient_quota',
  'rate_limit_exceeded',
  'rate_limit_error',
  'rate_limit_reached_error',
  'overloaded_error',
  'engine_overloaded_error',
  'exceeded_current_quota_error',
  'invalid_authentication_error',
  'context_length_exceeded',
  'resource_exhausted',
  'invalid_api_key',
  'api_key_invalid',
  'authentication_error',
  'permission_error',
  'not_found_error',
  'invalid_request_error',
  'api_error',
  'server_error',
  'model_not_found',
  'billing_not_active',
  'invalidapikey',
  'data_inspection_failed',
  'responsibleaipolicyviolation',
  'deploymentnotfound',
  'deadline_exceeded',
  'ratelimiterror',
  'apierror',
  'apiconnectionerror',
  'apitimeouterror',
  'apistatuserror',
  'authenticationerror',
  'badrequesterror',
  'internalservererror',
  'permissiondeniederror',
  'notfounderror',
  'unprocessableentityerror',
  'serviceunavailableerror',
  'request_id',
  'x-request-id',
  'cf-ray',
];

/** Identifiers that are error output only when the whole text is made of such words. */
export const WEAK_ERROR_CODES: readonly string[] = ['timeouterror', 'aborterror', 'undefined', 'null', 'nan'];

/** Texts that are nothing but a stringified value: the whole text, give or take a final period. */
export const STRINGIFIED_VALUES: readonly string[] = [
  '[object object]',
  '[object promise]',
  '[object array]',
  '[object undefined]',
  '[object null]',
  '[object error]',
  '[object response]',
  'undefined',
  'null',
  'nan',
  'none',
  'true',
  'false',
  'infinity',
  '-infinity',
  '{}',
  '[]',
  '""',
  "''",
  '[function]',
  '[array]',
  '[object]',
  'promise { <pending> }',
  'promise {<pending>}',
  'error',
  'failed',
  'failure',
  'timeout',
  'n/a',
];

/** A frame of a Python traceback: the line after it is the source line it quotes. */
export const PYTHON_FRAME = /^file ".{1,300}", line \d+/;

/**
 * Structural signs, each short, anchored or bounded so that none can backtrack far: a line that matches one is part
 * of an error report as a whole (`lines`); a text that begins with one of `starts` is one.
 */
export const ERROR_SHAPES = {
  lines: [
    // JavaScript stack frames: "    at fn (file.js:10:5)", "    at async Promise.all (index 0)", "    at <anonymous>".
    /^at .{1,300}(?::\d+:\d+\)?|\(native\)|<anonymous>\)?|\(index \d+\))$/,
    // Java and C#: "at com.example.Foo.bar(Foo.java:42)", "at Foo.Bar() in C:\src\Foo.cs:line 12".
    /^at [\w$.<>/]{1,200}\((?:[\w$.-]{1,100}\.(?:java|kt|scala|groovy):\d+|native method|unknown source)\)$/,
    /^at .{1,200} in .{1,200}:line \d+$/,
    /^\.\.\. \d+ more$/,
    /^caused by: /,
    // Python: the header and its frames (the code line after a frame is covered by `isErrorReport`).
    /^traceback \(most recent call last\):?$/,
    PYTHON_FRAME,
    // Go and Rust panics, Node's own lines.
    /^goroutine \d+ \[/,
    /^panic: /,
    /^\/.{1,200}\.go:\d+/,
    /^thread '.{1,80}' panicked at/,
    /^node:internal\/.{1,200}:\d+$/,
    /^node\.js v\d+\.\d+\.\d+$/,
    /^\^+$/,
    /^error: command failed/,
    /^npm err! /,
  ],
  /** Stack frames inside a line, for texts whose line breaks were collapsed (a fact is one line). */
  frames: [
    /\bat [\w$.<>]{1,100} \([^()]{1,200}:\d+:\d+\)/g,
    /\bat [\w$.<>/]{1,200}\([\w$.-]{1,100}\.(?:java|kt|scala):\d+\)/g,
    /\bfile "[^"]{1,200}", line \d+(?:, in [\w<>]{1,60})?/g,
    /\bnode:internal\/[\w/.-]{1,120}:\d+(?::\d+)?/g,
  ],
  starts: [
    // An exception name at the start: "TypeError:", "openai.RateLimitError:", "[GoogleGenerativeAI Error]:".
    /^[\s("'`*>#-]{0,4}(?:uncaught |unhandled |fatal )?[\w$.:]{0,80}?(?:error|exception|fault|rejection)\s{0,3}[:([]/,
    /^\[[\w$. ]{0,60}(?:error|exception)\]\s{0,3}:/,
    /^\s{0,4}(?:api\s+)?error\s{0,3}(?:[:([{#]|\d{3}\b|while\b|when\b|during\b|code\b|occurred\b)/,
    // An HTTP status line, or a status code announced as such.
    /^\s{0,4}http\/\d(?:\.\d)?\s+\d{3}\b/,
    /^\s{0,4}(?:status(?: code)?|error code|http(?: status)?)\s{0,3}[:=]?\s{0,3}[1-5]\d\d\b/,
    /^\s{0,4}[45]\d\d\s{0,3}[:-]\s/,
    // A JSON or Python-dict error body: {"error": …}, {"type":"error", …}, type: error.
    /^[\s[]{0,4}\{?\s{0,4}["']?(?:error|errors|err|error_code|error_msg|errcode|errmsg|base_resp)["']?\s{0,3}:/,
    /^[\s[]{0,4}\{?\s{0,4}["']?(?:type|status|object)["']?\s{0,3}:\s{0,3}["']?error/,
    // Stringified objects and functions.
    /^\[object [a-z]{1,20}\]/,
    /^function\s{0,3}\w{0,40}\s{0,3}\(\s{0,3}\)\s{0,3}\{\s{0,3}\[native code\]/,
    /^<[\w.]{1,80} object at 0x[0-9a-f]{4,16}>/,
    /^\[(?:function|class|asyncfunction)(?:: [\w$ ]{1,60}| \(anonymous\))?\]/,
    /^[\s[]{0,4}(?:error|err|fatal|warn(?:ing)?)\]\s/,
  ],
} as const;
