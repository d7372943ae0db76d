/**
 * The words an icon stands for in a table's cell. A comparison table marks what each plan or
 * room includes with an element holding no text, only a label a screen reader says or a
 * tooltip shows (`<span class="icon-yes" title="Yes"></span>`, `<i aria-label="Included">`,
 * `<img alt="No">`). Read as its label, the row says what it marks ("Balcony | Harbour Double:
 * No | Sea View Double: Yes") instead of naming the feature alone. Elsewhere an icon is
 * decoration: a label is read only in a cell, and only from an element with no text of its own.
 */
export class IconLabels {
  private readonly pending: { depth: number; label: string; seen: number }[] = [];
  /** Pieces of text met so far: an element with text of its own is no icon. */
  private seen = 0;

  /** An element opens at `depth`: its label, if any, waits to see whether text follows. */
  enter(depth: number, name: string, attrs: Record<string, string>, inCell: boolean): void {
    if (!inCell) return;
    const label = (attrs['aria-label'] ?? (name === 'img' ? attrs.alt : attrs.title))?.trim();
    if (label) this.pending.push({ depth, label, seen: this.seen });
  }

  text(text: string): void {
    if (/\S/.test(text)) this.seen++;
  }

  /** The element at `depth` closes: its label, when it held no text. */
  leave(depth: number): string | undefined {
    const last = this.pending.at(-1);
    if (!last || last.depth !== depth) return undefined;
    this.pending.pop();
    return last.seen === this.seen ? last.label : undefined;
  }
}
