import type { LocaleSearch } from '../locale-pack.js';
import { stripKoreanParticle } from './strip-korean-particle.js';

/** Korean search words, without their particles (which `stripKoreanParticle` takes off a query's words). */
export const koreanSearchWords: LocaleSearch = {
  stopWords:
    `우리 저희 제가 저는 나는 내가 너는 당신 그것 이것 저것 무엇 뭐 뭐가 뭐야 어떤 어떻게 어디 언제 누구 왜 그리고 그래서
  하지만 그런데 그냥 정말 진짜 너무 아주 조금 지금 오늘 여기 거기 있어요 없어요 있어 없어 합니다 해요 했어요 주세요
  감사합니다 고마워요 네 아니요 좋아요`
      .split(/\s+/)
      .filter(Boolean),
  pastReferenceWords: [],
  stripAffix: stripKoreanParticle,
};
