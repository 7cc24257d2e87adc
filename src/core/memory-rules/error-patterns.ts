// Structural signs of error output, as data for `isErrorReport`: each regular expression is short, anchored or
// bounded, so that none can backtrack far.

/**
 * Structural signs, each short: a line that matches one is part of an error report as a whole (`lines`); a text that
 * begins with one of `starts` is one.
 */
export const ERROR_PATTERNS = {
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
    /^file ".{1,300}", line \d+/,
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
    /^(?:error|exception|fatal|failed)\s{0,3}[:：]/,
    /^[\s[]{0,4}(?:error|err|fatal|warn(?:ing)?)\]\s/,
    /^(?:错误|异常|失败|エラー)\s{0,3}[:：(（\d]/,
  ],
} as const;
