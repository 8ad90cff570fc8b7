import { describe, expect, it } from 'vitest';
import {
  initialQuestionValues,
  type QuestionFormValues,
  questionBody,
  questionErrorField,
  questionFormSchema,
} from './question-form.logic.ts';

describe('question form', () => {
  it('sends the chosen category, or a new one by name, with the question and answer', () => {
    const values = { ...initialQuestionValues({ question: 'Q?', answer: 'A.' }, 4) };
    expect(questionBody(values)).toEqual({ category_id: 4, question: 'Q?', answer: 'A.' });
    expect(questionBody({ ...values, categoryMode: 'new', categoryName: 'Billing' })).toEqual({
      category_name: 'Billing',
      question: 'Q?',
      answer: 'A.',
    });
    expect(questionBody({ ...values, categoryId: null })).toEqual({ question: 'Q?', answer: 'A.' });
  });

  it('starts empty without a question, and puts category errors under the input in use', () => {
    expect(initialQuestionValues()).toMatchObject({ categoryId: null, question: '', answer: '' });
    expect(questionErrorField('category_id', 'existing')).toBe('categoryId');
    expect(questionErrorField('category_id', 'new')).toBe('categoryName');
    expect(questionErrorField('answer', 'new')).toBe('answer');
    expect(questionErrorField('other', 'new')).toBeNull();
  });
});

describe('the question form schema', () => {
  const fieldsOf = (values: QuestionFormValues) => {
    const result = questionFormSchema.safeParse(values);
    return result.success ? [] : result.error.issues.map((issue) => issue.path[0]);
  };
  const filled = { ...initialQuestionValues({ question: 'Why?', answer: 'Because.' }, 3) };

  it('asks for the category in use, the question and the answer, all at once', () => {
    expect(fieldsOf(filled)).toEqual([]);
    expect(fieldsOf({ ...filled, categoryId: null, question: ' ', answer: '' })).toEqual([
      'categoryId',
      'question',
      'answer',
    ]);
    expect(fieldsOf({ ...filled, categoryMode: 'new', categoryId: null, categoryName: '' })).toEqual(['categoryName']);
    expect(fieldsOf({ ...filled, categoryMode: 'new', categoryName: 'New' })).toEqual([]);
  });
});
