/**
 * Well-known mojibake, text no language writes: UTF-8 read as GBK (锟斤拷), uninitialised memory shown by MSVC (烫烫,
 * 屯屯), UTF-8 read as Latin-1. Global: each found run is replaced.
 */
export const MOJIBAKE = /锟斤拷|烫烫|屯屯|ï»¿|â€[™œ\u009d˜“”]|Ã[©¨¢§¼¤¶]/g;
