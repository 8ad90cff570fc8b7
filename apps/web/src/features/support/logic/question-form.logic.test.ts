import { describe, expect, it } from 'vitest';
import { initialQuestionValues, questionBody, questionErrorField } from './question-form.logic.ts';

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
