import{t,_}from"./main-e3kfbof9.js";function N(s){let[r,n]=t({});return _(()=>n({}),[s]),{shown:(o,e)=>r[o]??e,choose:(o,e)=>n((c)=>({...c,[o]:e}))}}
export{N};
