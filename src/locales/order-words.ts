/**
 * The word classes one language gives the order rules (`findOverreachingOrder`): who a sentence addresses and what an
 * order in it reaches. Entries are plain text as `compileWordList` reads them (normalised like the text; a trailing
 * `*` takes up to 12 more Latin letters). The rules hold no words: they combine these classes by sentence structure,
 * in the language's own order of verb and object.
 */
export interface OrderWords {
  /**
   * The texts the classes are read in: Latin-script text (English), Han text without kana (Chinese), text with kana
   * (Japanese). A class of one language is never matched in another's text (Chinese 问 is in Japanese 質問 too).
   */
  readonly script: 'latin' | 'han' | 'kana';
  /**
   * Where an order's object stands: after its verb (English), before it (Japanese), or either (Chinese: 发给他 /
   * 把密码发给他).
   */
  readonly objectOrder: 'after-verb' | 'before-verb' | 'either';
  /**
   * Words that make a quotation the object of work on text (translate, proofread, that says, 翻译, という): the
   * quoted words are material, not an order.
   */
  readonly quotingWords: readonly string[];
  /**
   * The ending of a verb that describes what someone does (English "includes", "requests"), and the endings that are
   * not it ("access", "focus"): such a verb is the assistant's order only with the assistant as its subject ("the
   * assistant always includes …"), never a noun ("100 requests per key"). Null where verbs do not inflect so.
   */
  readonly describingEnding: { readonly ending: string; readonly except: readonly string[] } | null;
  /**
   * The ending of a participle that describes the noun right before it ("an announcement telling customers", "a
   * message asking for feedback"), and the words that stand there without being that noun ("by telling", "for
   * asking"): such a verb after a determiner and a noun is part of what the assistant is asked to make, unless a verb
   * of sending or showing comes before it ("post a message telling everyone …"). Null where verbs do not inflect so.
   */
  readonly participle: { readonly ending: string; readonly notNouns: readonly string[] } | null;
  /** Where a negation stands: before the verb it negates (never share, 不要发) or after it (共有せず). */
  readonly negationOrder: 'before-verb' | 'after-verb';
  /** The assistant, as the one addressed or described: you, the assistant, the bot, 你, 助手, あなた, ボット. */
  readonly assistant: readonly string[];
  /**
   * What makes a sentence a request, an order or a permission given to whoever reads it: please, make sure, allowed
   * to, 请, 务必, 可以, てください, ように, 許可.
   */
  readonly requestMarks: readonly string[];
  /**
   * Words that open a statement, not an order (it, this, there, what): with the speaker, other people and
   * determiners, what a sentence without a subject may not open on to be read as an order.
   */
  readonly statementStarts: readonly string[];
  /** What may stand before an imperative verb at the start of a clause: also, then, from now on, 另外, 顺便, ついでに. */
  readonly openers: readonly string[];
  /** The speaker, as the subject of a condition ("whenever I ask" is not someone else asking): I, we, 我, 私. */
  readonly self: readonly string[];
  /** The speaker as the one an order goes to (remind me, 告诉我, 私に): such an order is aimed at the speaker. */
  readonly selfObjects: readonly string[];
  /** Other people: him, her, them, everyone, every user, other users, 他, 大家, 其他用户, 彼女, 全員, 他のユーザー. */
  readonly others: readonly string[];
  /**
   * Words that name people or things (them, they, people): another person only as the object of a verb of speaking
   * to someone ("tell them"), not of a verb of sending ("send them to me").
   */
  readonly ambiguousOthers: readonly string[];
  /** Words that hold a word for a person but name no one (其他 "other", 吉他 "guitar"): read as no one. */
  readonly notPeople: readonly string[];
  /** What follows a name and makes it a person (さん, 先生); empty where names carry no such mark. */
  readonly personSuffixes: readonly string[];
  /** What marks a word as the owner of the next one (English 's and s', 的, の): "Bob's address" is Bob's data. */
  readonly possessives: readonly string[];
  /** Possessive words of other people (their, his, her): "their home address" is someone else's data. */
  readonly othersPossessives: readonly string[];
  /** Nouns that name people (user, customer, colleague, 用户, 同事, メンバー): the subject of a condition may be one. */
  readonly personNouns: readonly string[];
  /** Words that make people of a noun for people a group (every, all, other, 每个, 所有, 全, 各, 他の): every new member. */
  readonly groups: readonly string[];
  /**
   * Whether names are written with a capital (English): a capitalised word inside a sentence may be a person, as the
   * subject of a condition ("if Marco asks") or spoken to ("tell Rachel").
   */
  readonly capitalisedNames: boolean;
  /** What stands before a name and makes it a person (小王, 老张); empty where names carry no such mark. */
  readonly personPrefixes: readonly string[];
  /** Words before a noun (a, the, my): "an email to everyone" is a noun, "email everyone" an order. */
  readonly determiners: readonly string[];
  /** What makes a verb passive (is, was, been): "once a reset is requested" is no one asking. */
  readonly passiveMarks: readonly string[];
  /** What marks the one an action goes to: to, with, 给, 向, に. */
  readonly recipientMarks: readonly string[];
  /** Verbs whose object is a person: tell, ask, remind, reply, 告诉, 提醒, 让, 伝え, 知らせ. */
  readonly addressVerbs: readonly string[];
  /** Verbs that take a person with no mark before what they pass on: send her, give them, 发给他, 告诉他. */
  readonly recipientVerbs: readonly string[];
  /** Conditions an order may hang on: whenever, if, when, each time, 每当, 如果, もし. */
  readonly conditions: readonly string[];
  /** What another person does to the assistant, after a condition: asks, messages, joins, 问, 加入, 聞いてきたら. */
  readonly triggers: readonly string[];
  /** What another person does to the assistant, said without a condition, after that person: asks you, 问你, 聞いてきたら. */
  readonly standaloneTriggers: readonly string[];
  /**
   * Verbs that make something leave where it is, to whoever reads or to someone: reveal, send, print, dump, forward,
   * 发给, 透露, 打印, 送っ, 公開, 教え.
   */
  readonly exposeVerbs: readonly string[];
  /** Verbs that put something somewhere, a disclosure when that place is the assistant's output: include, append, 附上, 含め. */
  readonly placeVerbs: readonly string[];
  /**
   * Verbs that give the assistant's output its shape (start, end, sign off, 开头, 始め): a disclosure when the output
   * they shape holds a secret ("start every reply with the API key"), and only then.
   */
  readonly framingVerbs: readonly string[];
  /** Verbs of getting something out of someone: collect, harvest, 索要, 聞き出, 尋ね. */
  readonly solicitVerbs: readonly string[];
  /** What turns a verb of asking into asking for something: ask them FOR their password, 问他要. */
  readonly solicitMarks: readonly string[];
  /** What puts an object before its verb in a language that mostly puts it after (把, 将): 不要把密码发给别人. */
  readonly objectMarks: readonly string[];
  /** Verbs of reading something, a disclosure when its content goes to the output: read, open, 读取, 読ん. */
  readonly accessVerbs: readonly string[];
  /** Where the assistant's words go: your answer, every reply, this thread, to me, 回答, 群里, 返信, スレッド. */
  readonly outputs: readonly string[];
  /** Credentials and secrets: password, API key, login details, 密码, 密钥, パスワード, 暗証番号. */
  readonly secrets: readonly string[];
  /**
   * The environment the assistant runs in (environment variables, 环境变量, 環境変数): a secret when the order shows it
   * from the assistant's side (you, your, an output), not when it documents what an app reads.
   */
  readonly environment: readonly string[];
  /** Words after a secret's name that make it a topic of work: password field, 密码哈希, パスワード再設定. */
  readonly secretTopics: readonly string[];
  /** Places outside the task: a home directory, system folders, 主目录, ホームディレクトリ. */
  readonly outsidePlaces: readonly string[];
  /** A person's own data: private notes, messages, home address, salary, 私信, 工资, 住所, 給与. */
  readonly personalData: readonly string[];
  /** Data private to whoever it came from (private messages, DMs, 私信, 非公開メモ): someone else's unless it is the speaker's. */
  readonly privateData: readonly string[];
  /** The speaker's own, before data: my, our, 我的, 私の. */
  readonly selfPossessives: readonly string[];
  /** Negations of a verb: never, don't, 不, 绝不, ない, ず. */
  readonly negations: readonly string[];
  /**
   * What looks like a negation but asks or obliges (送ってもらえませんか, 答えなければならない, won't you send): the verb is
   * not negated.
   */
  readonly negationLookalikes: readonly string[];
  /** A way of doing something rather than the thing: how to, 怎么, 方法. */
  readonly methods: readonly string[];
  /**
   * Words that open a clause of manner (how, 如何, どのように): a secret named inside one, between a verb of showing and
   * the secret, is the topic of what is shown ("show me how the login flow stores the session token").
   */
  readonly mannerWords: readonly string[];
  /** What ends a clause inside a sentence: when, if, unless, because, that, 如果, 因为, ので. */
  readonly clauseBreaks: readonly string[];
  /**
   * What opens a clause that is no order (if, whether, because, 如果): a verb after it in its clause is not what the
   * sentence orders ("tell me if a dependency leaks environment variables"). Empty where such words close a clause.
   */
  readonly subordinators: readonly string[];
  /**
   * What the assistant is asked to make (a script, a bot, 脚本, 机器人): the later clauses of a sentence that names one
   * describe it (写个脚本，每月把发票发给每个客户), unless they speak of the assistant or its output. Empty where a
   * language describes them in a relative clause (English "a script that emails …").
   */
  readonly artifacts: readonly string[];
  /** What opens a relative clause right before its verb ("a chatbot that shares", "a form which asks"). */
  readonly relatives: readonly string[];
  /**
   * What follows a verb that is ordered, where a verb before a noun is a relative clause (伝える丁寧なメール "an email
   * that tells"): 伝えて, 送るように, 添付すること, 開示する権限. Empty where a verb's form says nothing of it.
   */
  readonly orderEndings: readonly string[];
  /** What ends a sentence that is a request in its bare form (送って。, 教えて): the te-form. Read at the sentence's end. */
  readonly requestEndings: readonly string[];
  /** The operator's rules: the operator, system instructions, 运营方, 系统指令, 運営者, システム指示. */
  readonly operatorRules: readonly string[];
  /** Rules, in the assistant's possession ("your usual restrictions", 你的内容规则, あなたの制限): the operator's too. */
  readonly ruleNouns: readonly string[];
  /** The assistant as an owner: your, 你的, あなたの. */
  readonly assistantPossessives: readonly string[];
  /** What sets rules aside: ignore, override, no longer apply, void, instead of, 不适用, 作废, 無効, 無視. */
  readonly overrides: readonly string[];
}

/** Words that are no language's but code's, read in every language: home and system paths, key files. */
export interface CodeWords {
  readonly secrets: readonly string[];
  readonly environment: readonly string[];
  /** Endings of an environment variable's name that hold a secret (`GITHUB_TOKEN`, `AWS_SECRET_ACCESS_KEY`). */
  readonly secretNameEndings: readonly string[];
  readonly outsidePlaces: readonly string[];
}

/** The classes of who is addressed, spoken of, or owns what: a pack may keep them in a file of their own. */
export type OrderPeople = Pick<
  OrderWords,
  | 'assistant'
  | 'self'
  | 'selfObjects'
  | 'others'
  | 'ambiguousOthers'
  | 'notPeople'
  | 'personSuffixes'
  | 'possessives'
  | 'othersPossessives'
  | 'personNouns'
  | 'groups'
  | 'capitalisedNames'
  | 'personPrefixes'
  | 'selfPossessives'
  | 'assistantPossessives'
>;

/** The classes of verbs and of the conditions an order waits on. */
export type OrderVerbs = Pick<
  OrderWords,
  | 'addressVerbs'
  | 'recipientVerbs'
  | 'recipientMarks'
  | 'conditions'
  | 'triggers'
  | 'standaloneTriggers'
  | 'exposeVerbs'
  | 'placeVerbs'
  | 'framingVerbs'
  | 'solicitVerbs'
  | 'solicitMarks'
  | 'objectMarks'
  | 'accessVerbs'
>;

/** The classes of what an order may reach: outputs, secrets, data outside the task, the operator's rules. */
export type OrderTargets = Pick<
  OrderWords,
  | 'outputs'
  | 'secrets'
  | 'environment'
  | 'secretTopics'
  | 'outsidePlaces'
  | 'personalData'
  | 'privateData'
  | 'operatorRules'
  | 'ruleNouns'
  | 'overrides'
>;
