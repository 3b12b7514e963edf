/** Tables of the usage slice (added with its issue). */
export {};
