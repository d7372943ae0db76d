/**
 * The tree a chat answer parses into. It holds only what the renderers may draw: no raw HTML,
 * no images (an image is its alt text), and links whose href already passed `safeHref`.
 */
export type MdInline =
  | { type: 'text'; text: string }
  | { type: 'code'; text: string }
  | { type: 'strong' | 'em'; children: MdInline[] }
  | { type: 'link'; href: string; children: MdInline[] }
  | { type: 'break' };

/** A list item: its first paragraph inline (a tight list), then any further blocks. */
export interface MdListItem {
  inline: MdInline[];
  blocks: MdBlock[];
}

export type MdBlock =
  | { type: 'paragraph'; children: MdInline[] }
  | { type: 'heading'; children: MdInline[] }
  | { type: 'code'; text: string }
  | { type: 'rule' }
  | { type: 'quote'; children: MdBlock[] }
  | { type: 'list'; ordered: boolean; start: number; items: MdListItem[] };
