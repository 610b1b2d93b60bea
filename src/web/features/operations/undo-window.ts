// What a delete dialog says about undoing: every delete of a link, space, pixel, tag, domain or webhook is recorded
// as an operation that can be undone for 24 hours (rows, ids and statistics come back), from its notice or from
// the Operations page.
export const UNDO_WINDOW_TEXT = 'You can undo this for 24 hours, from the notice that follows or the Operations page.';
