/** Zod issues turned into field errors in the operator's language. */
import { amountMessage, type FieldError, type Locale, parseAmountIssue } from '@payops/contracts';

export interface IssueLike {
  code?: string;
  path?: readonly PropertyKey[];
  instancePath?: string;
  message?: string;
  expected?: string;
  input?: unknown;
  minimum?: number | bigint;
  maximum?: number | bigint;
  keys?: string[];
  /** fastify-type-provider-zod: the zod code is in `keyword`, the rest of the issue in `params`. */
  keyword?: string;
  params?: Record<string, unknown>;
}

const text = {
  'zh-CN': {
    required: '不能为空',
    type: (e: string) => `类型错误，应为${e}`,
    tooSmall: (n: string) => `不能小于${n}`,
    tooShort: (n: string) => `长度不能少于${n}`,
    tooBig: (n: string) => `不能大于${n}`,
    tooLong: (n: string) => `长度不能超过${n}`,
    format: '格式不正确',
    value: '取值无效',
    unknownKeys: (k: string) => `不允许的字段: ${k}`,
    invalid: '无效',
    integer: '必须是整数',
    custom: {
      notBefore: (other: string) => `不能早于${other}`,
      unsafeText: () => '含有不允许的字符',
      dateRange: () => '日期超出允许范围（1900–2999年）',
      jsonDepth: (n: string) => `嵌套层级不能超过${n}`,
      jsonSize: (n: string) => `内容不能超过${n}字节`,
      bodyDepth: (n: string) => `嵌套层级不能超过${n}`,
      tooLong: (n: string) => `长度不能超过${n}`,
      maskedFilter: () => '按敏感字段筛选需先解除脱敏',
      outOfRange: () => '数值超出允许范围',
      digits: (n: string) => `须为${n}位数字`,
      notBelow: (other: string) => `不能小于${other}`,
      sharesOverOne: () => '各比例之和不能超过1',
      manyOptions: () => '含有无效或重复的选项',
      notAbove: (other: string) => `不能大于${other}`,
      positive: () => '须大于0',
      duplicates: () => '含有重复项',
      maxLines: (n: string) => `不能超过${n}行`,
      pageCap: (n: string) => `只提供前${n}行，请缩小筛选范围`,
      undecryptable: () => '无法解密',
    } as Record<string, (arg: string) => string>,
  },
  'en-US': {
    required: 'is required',
    type: (e: string) => `must be a ${e}`,
    tooSmall: (n: string) => `must be at least ${n}`,
    tooShort: (n: string) => `must be at least ${n} characters`,
    tooBig: (n: string) => `must be at most ${n}`,
    tooLong: (n: string) => `must be at most ${n} characters`,
    format: 'has an invalid format',
    value: 'has an invalid value',
    unknownKeys: (k: string) => `unknown field(s): ${k}`,
    invalid: 'is invalid',
    integer: 'must be an integer',
    custom: {
      notBefore: (other: string) => `must not be before ${other}`,
      unsafeText: () => 'contains characters that are not allowed',
      dateRange: () => 'is outside the allowed dates (years 1900-2999)',
      jsonDepth: (n: string) => `must not be nested deeper than ${n}`,
      jsonSize: (n: string) => `must be at most ${n} bytes`,
      bodyDepth: (n: string) => `must not be nested deeper than ${n}`,
      tooLong: (n: string) => `must be at most ${n} characters`,
      maskedFilter: () => 'can be filtered on only after unmasking personal data',
      outOfRange: () => 'is out of range',
      digits: (n: string) => `must be ${n} digits`,
      notBelow: (other: string) => `must not be below ${other}`,
      sharesOverOne: () => 'the shares must not add up to more than 1',
      manyOptions: () => 'holds a value that is not an option, or one twice',
      notAbove: (other: string) => `must not be above ${other}`,
      positive: () => 'must be above 0',
      duplicates: () => 'holds the same value twice',
      maxLines: (n: string) => `must be at most ${n} lines`,
      pageCap: (n: string) => `only the first ${n} rows are served; narrow the filters`,
      undecryptable: () => 'cannot be decrypted',
    } as Record<string, (arg: string) => string>,
  },
} as const;

/** A `key:argument` rule message in words (input-rules.ts RULE, refinements of the modules). */
export function describeRule(rule: string, locale: Locale): string {
  const [key = '', arg = ''] = rule.split(':');
  return text[locale].custom[key]?.(arg) ?? text[locale].invalid;
}

function describe(issue: IssueLike, locale: Locale): string {
  const t = text[locale];
  const origin = (issue as { origin?: string }).origin;
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return t.required;
      return issue.expected === 'int' ? t.integer : t.type(String(issue.expected));
    case 'too_small':
      if (origin === 'string' && Number(issue.minimum) === 1) return t.required;
      return origin === 'string' || origin === 'array'
        ? t.tooShort(String(issue.minimum))
        : t.tooSmall(String(issue.minimum));
    case 'too_big':
      return origin === 'string' || origin === 'array'
        ? t.tooLong(String(issue.maximum))
        : t.tooBig(String(issue.maximum));
    case 'invalid_format':
      return t.format;
    case 'invalid_value':
    case 'invalid_union':
      return t.value;
    case 'unrecognized_keys':
      return t.unknownKeys((issue.keys ?? []).join(', '));
    case 'custom': {
      const amount = parseAmountIssue(issue.message);
      if (amount) return amountMessage(amount, locale);
      // Refinements carry `key:argument` as their message, e.g. `notBefore:startTime`.
      return describeRule(issue.message ?? '', locale);
    }
    default:
      return t.invalid;
  }
}

/** Accepts zod issues as they are, or as fastify-type-provider-zod wraps them. */
export function describeIssues(issues: readonly IssueLike[], locale: Locale): FieldError[] {
  return issues.map((raw) => {
    const issue: IssueLike = raw.keyword ? { ...raw.params, code: raw.keyword, message: raw.message } : raw;
    const path = raw.path?.length
      ? raw.path.map(String).join('.')
      : (raw.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    return { field: path || (issue.keys ?? []).join(',') || 'body', message: describe(issue, locale) };
  });
}
