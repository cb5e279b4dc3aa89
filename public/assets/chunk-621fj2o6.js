import{t,g}from"./main-ygktmn92.js";function W(s){let[r,n]=t({});return g(()=>n({}),[s]),{shown:(o,e)=>r[o]??e,choose:(o,e)=>n((c)=>({...c,[o]:e}))}}
export{W};
