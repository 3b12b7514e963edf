/** Tables of the organizations slice (added with its issue). */
export {};
