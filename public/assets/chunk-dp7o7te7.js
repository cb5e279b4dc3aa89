import{t,g}from"./main-m2vauiqg.js";function Z(s){let[r,n]=t({});return g(()=>n({}),[s]),{shown:(o,e)=>r[o]??e,choose:(o,e)=>n((c)=>({...c,[o]:e}))}}
export{Z};
