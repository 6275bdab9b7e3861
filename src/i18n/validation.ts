import type { $ZodErrorMap } from 'zod/v4/core';
import { t } from './i18n';

/**
 * zod's own problems with a form's value (those the schema gives no message of its own) in the
 * user's language: passed to each form's parse (`zodResolver(schema, { error: validationMessage })`),
 * which ranks below a schema's own message. A schema's own messages are translated as they come out
 * of the schema (src/components/form/translated-resolver.ts, by domain/error-codes.ts). Types only from zod: no zod code in this module.
 */
export const validationMessage: $ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '') return t('errors.validation.required');
      return issue.expected === 'int' ? t('errors.validation.wholeNumber') : issue.expected === 'number' ? t('errors.validation.number') : t('errors.validation.invalid');
    case 'too_small': {
      const minimum = Number(issue.minimum);
      if (issue.origin === 'string') return minimum <= 1 ? t('errors.validation.required') : t('errors.validation.tooShort', { minimum });
      if (issue.origin === 'array' || issue.origin === 'set') return t('errors.validation.tooFewItems', { minimum });
      if (issue.origin === 'number' || issue.origin === 'int') return t(issue.inclusive === false ? 'errors.validation.moreThan' : 'errors.validation.atLeast', { minimum });
      return t('errors.validation.invalid');
    }
    case 'too_big': {
      const maximum = Number(issue.maximum);
      if (issue.origin === 'string') return t('errors.validation.tooLong', { maximum });
      if (issue.origin === 'array' || issue.origin === 'set') return t('errors.validation.tooManyItems', { maximum });
      if (issue.origin === 'number' || issue.origin === 'int') return t(issue.inclusive === false ? 'errors.validation.lessThan' : 'errors.validation.atMost', { maximum });
      if (issue.origin === 'file') return t('errors.validation.fileTooLarge');
      return t('errors.validation.invalid');
    }
    case 'invalid_format':
      if (issue.format === 'email') return t('errors.validation.email');
      if (issue.format === 'url') return t('errors.validation.url');
      if (issue.format === 'datetime' || issue.format === 'date') return t('errors.validation.date');
      return t('errors.validation.format');
    case 'invalid_value':
      return t('errors.validation.oneOf');
    case 'not_multiple_of':
      return t('errors.validation.multipleOf', { divisor: issue.divisor });
    case 'unrecognized_keys':
      return t('errors.validation.unknownField');
    default:
      return t('errors.validation.invalid');
  }
};
