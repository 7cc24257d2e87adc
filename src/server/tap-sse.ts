/**
 * Passes an SSE body through unchanged, chunk by chunk as it arrives, and hands each event's `data` (parsed as JSON
 * when it is) to `onEvent`. `onEnd` runs when the upstream ended the body (not when the client cancelled it: a
 * cancelled stream records nothing), just before the client's body ends: it must not make the client wait. A line is
 * at most `maxLine` characters kept: a longer one is dropped whole.
 */
export function tapSse(
  body: ReadableStream<Uint8Array>,
  handlers: { onEvent: (event: string | undefined, data: unknown) => void; onEnd: () => void },
  maxLine = 1 << 20,
): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  let buffer = '';
  let event: string | undefined;
  const line = (text: string): void => {
    if (text === '') {
      event = undefined;
      return;
    }
    if (text.startsWith('event:')) event = text.slice(6).trim();
    else if (text.startsWith('data:')) {
      const data = text.slice(5).trim();
      try {
        handlers.onEvent(event, data === '[DONE]' ? data : JSON.parse(data));
      } catch {
        // Not JSON, or an observer's bug: the client still gets every byte.
      }
    }
  };
  const drain = (): void => {
    let newline = buffer.indexOf('\n');
    while (newline >= 0) {
      line(buffer.slice(0, newline).replace(/\r$/, ''));
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf('\n');
    }
    if (buffer.length > maxLine) buffer = '';
  };
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        controller.enqueue(chunk);
        buffer += decoder.decode(chunk, { stream: true });
        drain();
      },
      flush() {
        buffer += decoder.decode();
        drain();
        if (buffer !== '') line(buffer);
        handlers.onEnd();
      },
    }),
  );
}
