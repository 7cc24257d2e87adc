import { LOCALE_PACKS } from '../../locales/locale-table.js';
import type { OrderWords } from '../../locales/order-words.js';

/** The word classes of every language the order rules read (each pack's `orders`, in the table's order). */
export const ORDER_WORD_PACKS: readonly OrderWords[] = LOCALE_PACKS.flatMap((pack) =>
  pack.orders ? [pack.orders] : [],
);
