/** One section a long page lists in its outline: the section element's id and its heading. */
export interface OutlineItem {
  id: string;
  label: string;
}

/** Wide enough for the outline to sit beside the text; below, it folds into a bar on top. */
export const OUTLINE_BESIDE = '(min-width: 1100px)';
