/**
 * Hot reads prepared once per shape. A list's statement text differs only by which optional filters
 * and which sort are present, so each shape is built by the query builder once (building a select is
 * a measurable share of a one-row read) and prepared under a name, which PostgreSQL parses and plans
 * once per connection; the values travel as placeholders.
 */
export function preparedShapes<Q>(prefix: string, build: (shape: string, name: string) => Q): (shape: string) => Q {
  const byShape = new Map<string, Q>();
  return (shape) => {
    let query = byShape.get(shape);
    if (!query) {
      // Names stay short (PostgreSQL keeps 63 bytes): a counter, not the shape.
      query = build(shape, `${prefix}_${byShape.size}`);
      byShape.set(shape, query);
    }
    return query;
  };
}
