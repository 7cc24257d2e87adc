/**
 * Where a piece of memory came from: the user's own words, the assistant's reply (which may quote a tool or a web
 * page), or a direct `facts.add` by the application.
 */
export type MemorySource = 'user' | 'reply' | 'api';
