import{w as o}from"./chunk-OB3PAWPO-I4VSeWve.js";const r=o(function(){return null});export{r as default};
