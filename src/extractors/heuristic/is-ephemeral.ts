import { foldCase } from '../../core/language/fold-text.js';

// Detail that is true only now: about today, this error, this very moment.
const ENGLISH =
  /\b(?:today|tonight|tomorrow|yesterday|right now|just now|at the moment|this (?:morning|afternoon|evening|week)|(?:a|one|few|couple of) (?:minutes?|moments?|seconds?|hours?) ago|earlier today|for now|temporarily|this (?:error|bug|issue|crash|warning|exception|stack ?trace|log|time|run|message|output|failure)|that (?:error|bug|crash|warning|exception))\b/;
const CHINESE =
  /今天|今晚|明天|昨天|刚才|剛才|刚刚|剛剛|(?<![从從])现在(?!开始|起)|(?<![从從])現在(?!開始|起)|这个错误|這個錯誤|这个报错|這個報錯|这个bug|這個bug|这次|這次|暂时|暫時|目前先/;
const JAPANESE = /今日|今夜|明日|昨日|さっき|先ほど|今すぐ|今は|今、|このエラー|このバグ|今回|一時的|とりあえず/;

/** Is this statement about the moment (today, right now, this error) rather than a durable fact? */
export function isEphemeral(sentence: string): boolean {
  const text = foldCase(sentence);
  return ENGLISH.test(text) || CHINESE.test(text) || JAPANESE.test(text);
}
