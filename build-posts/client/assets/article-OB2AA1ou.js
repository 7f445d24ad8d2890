const s="/assets/article-BBJUD9dh.css";export{s as a};
