// natural ships no types for its deep paths; we import only the Porter stemmer (the root import costs ~400 ms).
declare module "natural/lib/natural/stemmers/porter_stemmer.js" {
  const PorterStemmer: { stem(word: string): string };
  export default PorterStemmer;
}
