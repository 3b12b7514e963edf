/** Tables of the namespaces slice (added with its issue). */
export {};
