import type { IngestDocument } from '../pipeline.ts';

/** sources.input of a 'text' source: the typed or imported texts as submitted. */
export interface TextSourceInput {
  items: { title: string; content: string }[];
}

export async function* textDocuments(input: TextSourceInput): AsyncIterable<IngestDocument> {
  for (const item of input.items) {
    yield { title: item.title, text: item.content, kind: 'text' };
  }
}

export const textDocumentCount = (input: TextSourceInput) => input.items.length;

/** docs/spec.md §9: the characters of a text item are its title plus its content. */
export const textCharCount = (items: TextSourceInput['items']) =>
  items.reduce((n, i) => n + i.title.length + i.content.length, 0);
