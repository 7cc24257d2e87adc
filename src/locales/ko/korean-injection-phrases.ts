import type { PhraseRule } from '../phrase-rule.js';

// Override and jailbreak phrasing in Korean. The object comes before the verb, so the rules read
// "previous → instructions → ignore".

const KOREAN_PRIOR = ['이전', '앞의', '위의', '모든', '기존', '당신의', '너의', '이전의', '지금까지의', '시스템'];
const KOREAN_RULES = ['지시', '지침', '명령', '규칙', '프롬프트', '지시사항', '가이드라인', '제약'];

/** Korean override and jailbreak phrases. */
export const KOREAN_INJECTION_PHRASES: readonly PhraseRule[] = [
  // 이전 지시를 모두 무시하고.
  { parts: [KOREAN_PRIOR, KOREAN_RULES, ['무시', '잊어', '잊고', '따르지', '폐기']], gap: 8 },
  {
    parts: [
      [
        '시스템 프롬프트',
        '시스템 메시지',
        '숨겨진 지시',
        '초기 프롬프트',
        '원래 지시',
        '너의 지시',
        '당신의 지시',
        '너의 프롬프트',
        '당신의 프롬프트',
      ],
      ['보여', '알려', '출력', '공개', '말해', '반복', '유출'],
    ],
    gap: 8,
  },
  {
    parts: [
      ['제한 없는', '제한이 없는', '아무 제한 없는', '무제한', '검열 없는', '필터 없는'],
      ['ai', '인공지능', '어시스턴트', '모델', '챗봇'],
    ],
    gap: 3,
  },
  {
    parts: [
      ['개발자 모드', '탈옥 모드'],
      ['너', '당신'],
    ],
    gap: 10,
  },
  {
    parts: [
      ['너는', '당신은', '넌'],
      ['개발자 모드', '탈옥', 'dan', '제한 없는', '제한이 없는'],
    ],
    gap: 10,
  },
];
