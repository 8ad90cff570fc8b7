import type { BodyOf, faqQuestionEndpoints } from '@meshport/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '#core/db/database.ts';
import { notFound, ValidationError } from '#core/http/http-error.ts';
import { faqCategories, faqQuestions } from './faq.table.ts';

export const NO_SUCH_CATEGORY = 'No such category.';
export const NO_SUCH_QUESTION = 'No such question.';
export const CATEGORY_MISSING = 'Choose an existing category.';

type QuestionSave = BodyOf<typeof faqQuestionEndpoints.create>;
type QuestionChanges = BodyOf<typeof faqQuestionEndpoints.update>;

/**
 * The FAQ saves of platform admins. The FAQ is platform-wide (no company), so it is written on
 * the owner connection; a change to a question also marks its category updated, since categories
 * list latest updated first.
 */
export class FaqService {
  constructor(private readonly db: Db) {}

  async createCategory(name: string): Promise<number> {
    const [row] = await this.db.insert(faqCategories).values({ name }).returning({ id: faqCategories.id });
    return row?.id as number;
  }

  async renameCategory(id: number, name: string): Promise<void> {
    const updated = await this.db
      .update(faqCategories)
      .set({ name, updatedAt: sql`now()` })
      .where(eq(faqCategories.id, id))
      .returning({ id: faqCategories.id });
    if (updated.length === 0) throw notFound(NO_SUCH_CATEGORY);
  }

  /** Deletes the category with its questions; answers its name and how many questions went. */
  async deleteCategory(id: number): Promise<{ name: string; questions: number }> {
    return this.db.transaction(async (tx) => {
      const [counted] = await tx
        .select({ questions: sql<number>`count(*)::int` })
        .from(faqQuestions)
        .where(eq(faqQuestions.categoryId, id));
      const [deleted] = await tx
        .delete(faqCategories)
        .where(eq(faqCategories.id, id))
        .returning({ name: faqCategories.name });
      if (!deleted) throw notFound(NO_SUCH_CATEGORY);
      return { name: deleted.name, questions: counted?.questions ?? 0 };
    });
  }

  /** Adds the question at the end of its category, a new one when the body names one. */
  async createQuestion(body: QuestionSave): Promise<number> {
    return this.db.transaction(async (tx) => {
      const categoryId =
        body.category_name !== undefined
          ? ((
              await tx.insert(faqCategories).values({ name: body.category_name }).returning({ id: faqCategories.id })
            )[0]?.id as number)
          : await this.existingCategory(tx, body.category_id as number);
      const [row] = await tx
        .insert(faqQuestions)
        .values({
          categoryId,
          question: body.question,
          answer: body.answer,
          position: await this.nextPosition(tx, categoryId),
        })
        .returning({ id: faqQuestions.id });
      await this.touch(tx, categoryId);
      return row?.id as number;
    });
  }

  async updateQuestion(id: number, body: QuestionChanges): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ categoryId: faqQuestions.categoryId })
        .from(faqQuestions)
        .where(eq(faqQuestions.id, id))
        .for('update');
      if (!current) throw notFound(NO_SUCH_QUESTION);
      let categoryId = current.categoryId;
      if (body.category_name !== undefined) {
        categoryId = (
          await tx.insert(faqCategories).values({ name: body.category_name }).returning({ id: faqCategories.id })
        )[0]?.id as number;
      } else if (body.category_id !== undefined) {
        categoryId = await this.existingCategory(tx, body.category_id);
      }
      const moves = categoryId !== current.categoryId;
      await tx
        .update(faqQuestions)
        .set({
          ...(body.question !== undefined ? { question: body.question } : {}),
          ...(body.answer !== undefined ? { answer: body.answer } : {}),
          ...(moves ? { categoryId, position: await this.nextPosition(tx, categoryId) } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(faqQuestions.id, id));
      await this.touch(tx, categoryId);
      if (moves) await this.touch(tx, current.categoryId);
    });
  }

  async deleteQuestion(id: number): Promise<string> {
    return this.db.transaction(async (tx) => {
      const [deleted] = await tx
        .delete(faqQuestions)
        .where(eq(faqQuestions.id, id))
        .returning({ question: faqQuestions.question, categoryId: faqQuestions.categoryId });
      if (!deleted) throw notFound(NO_SUCH_QUESTION);
      await this.touch(tx, deleted.categoryId);
      return deleted.question;
    });
  }

  /** The question with its category, as its saves answer it. */
  async question(id: number) {
    const [row] = await this.db
      .select({
        id: faqQuestions.id,
        question: faqQuestions.question,
        answer: faqQuestions.answer,
        position: faqQuestions.position,
        category: { id: faqCategories.id, name: faqCategories.name },
        created_at: faqQuestions.createdAt,
        updated_at: faqQuestions.updatedAt,
      })
      .from(faqQuestions)
      .innerJoin(faqCategories, eq(faqCategories.id, faqQuestions.categoryId))
      .where(eq(faqQuestions.id, id));
    if (!row) throw notFound(NO_SUCH_QUESTION);
    return { ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
  }

  private async existingCategory(tx: Db, id: number): Promise<number> {
    // Locked so that a parallel delete of the category cannot leave the question without one.
    const [row] = await tx
      .select({ id: faqCategories.id })
      .from(faqCategories)
      .where(eq(faqCategories.id, id))
      .for('update');
    if (!row) throw new ValidationError({ category_id: [CATEGORY_MISSING] });
    return row.id;
  }

  private async nextPosition(tx: Db, categoryId: number): Promise<number> {
    const [row] = await tx
      .select({ next: sql<number>`coalesce(max(${faqQuestions.position}) + 1, 0)::int` })
      .from(faqQuestions)
      .where(eq(faqQuestions.categoryId, categoryId));
    return row?.next ?? 0;
  }

  private async touch(tx: Db, categoryId: number): Promise<void> {
    await tx.update(faqCategories).set({ updatedAt: sql`now()` }).where(eq(faqCategories.id, categoryId));
  }
}
