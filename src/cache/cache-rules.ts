/**
 * Anthropic's prompt-cache rules that the simulator and the pricing use. The figures, and where they come from, are
 * listed at the top of `simulate-prompt-cache.ts`.
 */
export const cacheRules = {
  /** The API rejects a request with more `cache_control` breakpoints. */
  maximumBreakpoints: 4,
  /** Positions checked per breakpoint when looking for an earlier entry, the breakpoint itself counting as the first. */
  lookbackPositions: 20,
  lifetimeMilliseconds: { '5m': 5 * 60_000, '1h': 60 * 60_000 },
  /** Multipliers of the base input price. */
  priceMultipliers: { write: { '5m': 1.25, '1h': 2 }, read: 0.1, uncached: 1 },
} as const;
