import{t,k}from"./main-oek4g2y0.js";function M(s){let[r,n]=t({});return k(()=>n({}),[s]),{shown:(o,e)=>r[o]??e,choose:(o,e)=>n((c)=>({...c,[o]:e}))}}
export{M};
